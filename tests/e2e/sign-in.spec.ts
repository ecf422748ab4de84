/** The sign-in screen: a wrong password is explained, and signing out says so and ends the session. */
import { expect, test } from '@playwright/test';
import { PlatformShellPage } from './pages/platform-shell.page';
import { SignInPage } from './pages/sign-in.page';
import { expectPath } from './support/navigation';
import { runInfo } from './support/run-info';

test('a wrong password shows a clear message and keeps the visitor on /auth', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn({ email: runInfo().member.email, password: `${runInfo().member.password}x` });
  await expect(signIn.error).toHaveText('The email or password is incorrect.');
  await expectPath(page, '/auth');
  // The email stays for a corrected attempt.
  await expect(signIn.email).toHaveValue(runInfo().member.email);
});

test('empty fields are named before anything is sent', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  let authRequests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/token')) authRequests += 1;
  });
  await signIn.submit.click();
  await expect(page.getByText('Enter your email address.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  expect(authRequests).toBe(0);
});

test('the sign-in form is marked security-sensitive with autocomplete off', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expect(signIn.form).toHaveAttribute('autocomplete', 'off');
  await expect(signIn.email).toHaveAttribute('autocomplete', 'off');
  await expect(signIn.password).toHaveAttribute('autocomplete', 'off');
  await expect(signIn.password).toHaveAttribute('type', 'password');
});

test("signing out shows 'Signed Out' and the platform needs a new sign-in", async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(runInfo().member);
  const shell = new PlatformShellPage(page);
  await expectPath(page, '/platform/dashboard');
  await shell.expectLoaded();

  await shell.signOut();
  await expect(page.getByText('Signed Out', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been securely signed out.', { exact: true })).toBeVisible();
  await signIn.expectShown();
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token'))),
  ).toEqual([]);

  await page.goto('/platform/dashboard');
  await signIn.expectShown();
});
