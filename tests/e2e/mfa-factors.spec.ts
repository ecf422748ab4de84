/**
 * Two-factor for every user through Supabase Auth's MFA API (issue 28 §2), end to end: an analyst
 * enrols an authenticator app on the Profile page (QR code and key shown once, the first code computed
 * here from the key as an app would, RFC 6238), signs out, signs in again and is asked for the code
 * before the platform; a wrong code is refused in words, the right one lets them in. The user is this
 * spec's own (a factor on the shared analyst would put every other spec behind the code prompt).
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { PlatformShellPage } from './pages/platform-shell.page';
import { SignInPage } from './pages/sign-in.page';
import { createUser } from './support/auth-admin';
import { expectPath } from './support/navigation';
import type { TestUser } from './support/run-info';
import { readStackEnv } from './support/stack-env';
import { awayFromStepEdge, totpCode, totpStep, wrongCode } from '../shared/totp.mjs';

const tag = randomBytes(3).toString('hex');
let user: TestUser;

test.beforeAll(async () => {
  user = await createUser(readStackEnv(), `e2e-mfa-factors-${tag}@cti.local`);
});

test.afterAll(async () => {
  const env = readStackEnv();
  await fetch(`${env.apiUrl}/auth/v1/admin/users/${user.id}`, {
    method: 'DELETE',
    headers: { apikey: env.serviceRoleKey, Authorization: `Bearer ${env.serviceRoleKey}` },
  });
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/platform/profile');
  const form = new SignInPage(page);
  await form.expectShown();
  await form.signIn(user);
}

test('an analyst enrols an authenticator app, then signs in with its code', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page);
  await expectPath(page, '/platform/profile');

  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByText(/No authenticator app yet/)).toBeVisible();
  await card.getByRole('button', { name: 'Add an authenticator app' }).click();
  await card.getByLabel('Name of this authenticator').fill(`Phone ${tag}`);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await card.getByTestId('factor-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await awayFromStepEdge();
  const firstStep = totpStep();
  await card.getByLabel('Authentication code').fill(totpCode(secret, firstStep));
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(card.getByTestId('factor-row')).toHaveCount(1);
  await expect(card.getByTestId('factor-row')).toContainText(`Phone ${tag}`);
  await expect(card.getByTestId('factor-row').getByText('Active')).toBeVisible();
  // The key is not shown again.
  await expect(page.getByText(secret)).toHaveCount(0);

  await new PlatformShellPage(page).signOut();
  await new SignInPage(page).expectShown();

  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(/That code is not right, or it was already used/)).toBeVisible();

  // A step after the one enrolment used: the server takes each step once.
  await awayFromStepEdge();
  await page.getByLabel('Authentication code').fill(totpCode(secret, Math.max(totpStep(), firstStep + 1)));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Two-factor authentication' }).getByTestId('factor-row'),
  ).toHaveCount(1);
  await context.close();
});
