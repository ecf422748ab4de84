/**
 * Profile and Admin dashboard (issue 14): an analyst changes their name and password (a wrong current
 * password is refused by the auth service), sees their sessions and signs the others out (the other
 * browser's refresh then fails); an admin with a second factor renews the backup codes with a TOTP code
 * computed per RFC 6238, after which an old code fails and a new one works; the Admin dashboard shows a
 * security event produced here. Axe audits the Admin dashboard and the Profile in both themes.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MfaSetupPage } from './pages/mfa.page';
import { SignInPage } from './pages/sign-in.page';
import { createUser, strongPassword } from './support/auth-admin';
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { withDb } from './support/db';
import { TEMP_DIR } from './support/paths';
import type { TestUser } from './support/run-info';
import { readStackEnv } from './support/stack-env';
import { secretFromOtpauthUri, totpCode, totpStep } from '../shared/totp.mjs';

test.describe.configure({ mode: 'serial' });

const tag = randomBytes(3).toString('hex');
const ADMIN_STATE = path.join(TEMP_DIR, `profile-admin-${tag}.storage-state.json`);
const admin = { user: undefined as TestUser | undefined, secret: '', lastStep: 0, oldCodes: [] as string[] };

async function signedInPage(browser: Browser, user: TestUser, at: string): Promise<Page> {
  const env = readStackEnv();
  const context = await browser.newContext({
    baseURL: env.webUrl,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto(at);
  await new SignInPage(page).signIn(user);
  return page;
}

/** The next TOTP step never used before (the server refuses a step twice). */
function nextCode(): string {
  const step = Math.max(totpStep(), admin.lastStep + 1);
  admin.lastStep = step;
  return totpCode(admin.secret, step);
}

async function refreshStatus(refreshToken: string): Promise<number> {
  const env = readStackEnv();
  const response = await fetch(`${env.apiUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: env.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return response.status;
}

async function storedRefreshToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index)!;
      if (key.endsWith('-auth-token')) {
        return (JSON.parse(localStorage.getItem(key)!) as { refresh_token: string }).refresh_token;
      }
    }
    return '';
  });
}

test('an analyst changes name and password, and signs out the other sessions', async ({ browser }) => {
  test.setTimeout(120_000);
  const user = await createUser(readStackEnv(), `e2e-profile-${tag}@cti.local`);
  const other = await signedInPage(browser, user, '/platform/dashboard');
  await expect(other.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  const otherRefresh = await storedRefreshToken(other);
  expect(otherRefresh).not.toBe('');

  const page = await signedInPage(browser, user, '/platform/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByTestId('profile-email')).toContainText(user.email);

  const name = page.getByLabel('Display name');
  await name.fill(`Profile Tester ${tag}`);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name saved.')).toBeVisible();
  const stored = await withDb(
    async (db) =>
      (
        await db.query<{ display_name: string }>('select display_name from public.profiles where id = $1', [
          user.id,
        ])
      ).rows[0]!.display_name,
  );
  expect(stored).toBe(`Profile Tester ${tag}`);

  // Two sessions are listed, this one marked.
  const sessions = page.getByRole('table', { name: 'Your sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByText('This device')).toHaveCount(1);

  // A wrong current password is refused by the server; the right one changes it.
  const next = strongPassword();
  await page.getByLabel('Current password').fill(`${user.password}x`);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Repeat the new password').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();

  // The password change already ended the other session: its refresh token is dead.
  expect(await refreshStatus(otherRefresh)).toBe(400);
  await other.context().close();

  // Sign in elsewhere again with the new password, then sign that session out from here.
  const third = await signedInPage(browser, { ...user, password: next }, '/platform/dashboard');
  await expect(third.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  const thirdRefresh = await storedRefreshToken(third);
  await page.reload();
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out the other sessions' }).click();
  await expect(page.getByText('The other sessions were signed out.')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  expect(await refreshStatus(thirdRefresh)).toBe(400);
  await third.context().close();
  await page.context().close();
});

test('an admin renews the backup codes with a TOTP code: old codes fail, new ones work', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await createUser(readStackEnv(), `e2e-profile-admin-${tag}@cti.local`);
  admin.user = user;
  await withDb((db) =>
    db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [user.id]),
  );
  const page = await signedInPage(browser, user, '/platform/admin');
  const setup = new MfaSetupPage(page);
  await setup.startButton.click();
  admin.secret = secretFromOtpauthUri((await setup.otpauthUri.textContent()) ?? '');
  admin.oldCodes = await setup.backupCodeTexts();
  await setup.activate(nextCode());
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });

  await page.goto('/platform/profile');
  await expect(page.getByTestId('backup-codes-left')).toHaveText('Backup codes left: 10');
  const field = page.getByLabel('Authenticator code to renew the backup codes');
  // A wrong code is refused (and recorded as a security event for the dashboard test below).
  const wrong = String((Number(totpCode(admin.secret, totpStep())) + 1) % 1_000_000).padStart(6, '0');
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Regenerate backup codes' }).click();
  await expect(page.getByText('That code is not valid.', { exact: false })).toBeVisible();

  await field.fill(nextCode());
  await page.getByRole('button', { name: 'Regenerate backup codes' }).click();
  const list = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(list).toHaveCount(10);
  const fresh = (await list.allTextContents()).map((text) => text.trim());
  for (const code of fresh) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  expect(fresh).not.toContain(admin.oldCodes[0]);
  await page.getByRole('button', { name: 'I have stored them' }).click();
  await expect(page.getByTestId('backup-codes-left')).toHaveText('Backup codes left: 10');
  await page.context().close();

  // In a new session: an old backup code fails, a new one verifies.
  const second = await signedInPage(browser, user, '/platform/admin');
  const codeField = second.getByLabel('Authentication or backup code');
  await codeField.fill(admin.oldCodes[1]!);
  await second.getByRole('button', { name: 'Verify' }).click();
  // A backup-shaped code gets the backup-code wording of the MFA screen.
  await expect(
    second.getByText('That backup code is not valid or was already used', { exact: false }),
  ).toBeVisible();
  await codeField.fill(fresh[0]!);
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await second.context().close();
});

test('the Admin dashboard shows the security event produced here, details inert', async ({ browser }) => {
  test.setTimeout(120_000);
  const env = readStackEnv();
  const context = await browser.newContext({ baseURL: env.webUrl, storageState: ADMIN_STATE });
  const page = await context.newPage();
  await page.goto('/platform/admin?type=mfa_backup_codes_regenerated');
  // The first load of a new context verifies the stored session and admin access on the server.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({
    timeout: 60_000,
  });
  const table = page.getByRole('grid', { name: 'Security events' });
  const row = table.getByRole('row').filter({ hasText: 'mfa_backup_codes_regenerated' }).first();
  await expect(row).toBeVisible();
  await row.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('unused_codes_replaced', { exact: false })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Security events/ }).or(page.getByText(/events per day by severity/)),
  ).not.toHaveCount(0);

  // The audit trail holds the renewal.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await page.getByRole('combobox', { name: 'Action' }).selectOption('mfa.backup_codes_regenerated');
  await expect(
    page
      .getByRole('grid', { name: 'Audit trail' })
      .getByRole('gridcell', { name: 'mfa.backup_codes_regenerated' })
      .first(),
  ).toBeVisible();
  await context.close();
});

// The admin's verified session from above; the dashboard's events include the renewal.
for (const theme of THEMES) {
  test(`axe finds nothing serious on the Admin dashboard and the Profile (${theme} theme)`, async ({
    browser,
  }) => {
    // Two audits of long pages after a cold start of the context: axe is slow on 2 shared cores.
    test.setTimeout(150_000);
    const context = await browser.newContext({ baseURL: readStackEnv().webUrl, storageState: ADMIN_STATE });
    const page = await context.newPage();
    await useTheme(page, theme);
    await page.goto('/platform/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('grid', { name: 'Security events' }).getByRole('row').nth(1)).toBeVisible();
    await auditAccessibility(page, 'Admin Dashboard', theme);
    await page.goto('/platform/profile');
    await expect(page.getByTestId('backup-codes-left')).toHaveText('Backup codes left: 9');
    await auditAccessibility(page, 'Profile', theme);
    await context.close();
  });
}

test.afterAll(() => {
  rmSync(ADMIN_STATE, { force: true });
});
