/**
 * Password recovery by mail (issue 27 §4), end to end through the stack's mail catcher: "Forgot your
 * password?" on the sign-in page mails a link; the link opens the reset screen, which sets a new
 * password; the new password signs in, the old one no longer does, and the same link a second time
 * is refused in plain words. The spec uses an account of its own (deleted afterwards), so the run's
 * shared users keep their passwords. Both screens are audited with axe in both themes.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/password-recovery.page';
import { SignInPage } from './pages/sign-in.page';
import { createUser, strongPassword } from './support/auth-admin';
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { clearMail, mailsTo, verifyLinkIn, waitForMail } from './support/mail';
import { expectPath } from './support/navigation';
import type { TestUser } from './support/run-info';
import { readStackEnv } from './support/stack-env';

const tag = randomBytes(3).toString('hex');
let user: TestUser;

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  user = await createUser(readStackEnv(), `e2e-recover-${tag}@cti.local`);
});

test.afterAll(async () => {
  const env = readStackEnv();
  await fetch(`${env.apiUrl}/auth/v1/admin/users/${user.id}`, {
    method: 'DELETE',
    headers: { apikey: env.serviceRoleKey, Authorization: `Bearer ${env.serviceRoleKey}` },
  });
});

async function openForgotPassword(page: Page): Promise<ForgotPasswordPage> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expectPath(page, '/auth/forgot-password');
  const forgot = new ForgotPasswordPage(page);
  await expect(forgot.heading).toBeVisible();
  return forgot;
}

test('a mailed link resets the password once; the old password stops working', async ({ browser, page }) => {
  test.setTimeout(90_000);
  await useTheme(page, 'light');
  expect(await clearMail()).toBe(0);
  const forgot = await openForgotPassword(page);
  // An empty address is named before anything is sent.
  await forgot.send.click();
  await expect(forgot.form.getByText('Enter your email address.')).toBeVisible();
  await forgot.request(user.email);
  await expect(forgot.sent).toContainText(`If an account uses ${user.email}, a link`);

  const mail = await waitForMail(user.email);
  expect(mail.Subject).toBe('Reset Your Password');
  expect(mail.To.map((to) => to.Address)).toEqual([user.email]);
  expect(await mailsTo(user.email)).toHaveLength(1);
  const link = verifyLinkIn(mail);
  expect(new URL(link).searchParams.get('type')).toBe('recovery');

  await page.goto(link);
  const reset = new ResetPasswordPage(page);
  await expect(reset.heading).toBeVisible();
  // The tokens leave the address bar at once.
  await expectPath(page, '/auth/reset-password');
  await expect(reset.password).toBeVisible();
  await auditAccessibility(page, 'reset password', 'light');
  await reset.choose('too-short');
  await expect(reset.error).toHaveText(/^The new password needs at least 12 characters/);
  const chosen = strongPassword();
  await reset.choose(chosen, `${chosen}x`);
  await expect(reset.error).toHaveText('The two passwords differ.');
  await reset.choose(chosen);
  await expect(reset.done).toBeVisible({ timeout: 20_000 });

  await page.getByRole('link', { name: 'Sign in with the new password' }).click();
  const signIn = new SignInPage(page);
  await signIn.expectShown();
  await signIn.signIn(user);
  await expect(signIn.error).toHaveText('The email or password is incorrect.');
  await signIn.signIn({ email: user.email, password: chosen });
  await expectPath(page, '/platform/dashboard');
  user = { ...user, password: chosen };

  // The same link again: refused, in words, with the way to a new one.
  const again = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const second = await again.newPage();
  await second.goto(link);
  const refused = new ResetPasswordPage(second);
  await expect(refused.error).toContainText(
    /This link has already been used or has expired\. A link from a password reset mail works once/,
  );
  await expect(refused.form).toHaveCount(0);
  await expect(second.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/auth/forgot-password',
  );
  await again.close();
});

for (const theme of THEMES) {
  test(`the recovery screens pass axe (${theme} theme)`, async ({ page }) => {
    test.setTimeout(60_000);
    await useTheme(page, theme);
    const forgot = await openForgotPassword(page);
    await auditAccessibility(page, 'forgot password', theme);
    // An address without an account gets the same answer, so the screen tells nobody who has one.
    await forgot.request(`e2e-nobody-${tag}-${theme}@cti.local`);
    await auditAccessibility(page, 'forgot password: check your mail', theme);

    await page.goto('/auth/reset-password');
    const reset = new ResetPasswordPage(page);
    await expect(reset.error).toContainText('This page needs the link from a password reset mail.');
    await auditAccessibility(page, 'reset password: no link', theme);
    // A crafted error fragment is answered in the app's own words, never shown as written. (From
    // another page: a change of the fragment alone is no new visit of the screen.)
    await page.goto('/auth');
    await page.goto('/auth/reset-password#error=x&error_description=Call+555-0100+now');
    await expect(reset.error).toContainText('This link is not valid.');
    await expect(page.getByText('555-0100')).toHaveCount(0);
  });
}
