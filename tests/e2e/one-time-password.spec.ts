/**
 * One-time passwords are one-time (issue 35 §2 item 7): an account an administrator created signs in
 * with its one-time password and meets "Choose your password" wherever it goes (the platform stays out
 * of reach) until it has chosen one; then the Dashboard. An administrator's password reset refuses the
 * chosen password and its new one-time password forces the choice again.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ChoosePasswordPage } from './pages/choose-password.page';
import { PlatformShellPage } from './pages/platform-shell.page';
import { SignInPage } from './pages/sign-in.page';
import {
  act,
  createAccount,
  openAccount,
  openUsers,
  takeOneTimePassword,
} from './pages/user-management.page';
import { enrolVerifiedAdmin, passwordSignInStatus } from './support/admin-session';
import { strongPassword } from './support/auth-admin';
import { TEMP_DIR } from './support/paths';

const tag = randomBytes(3).toString('hex');
const ADMIN_STATE = path.join(TEMP_DIR, `one-time-password-${tag}.storage-state.json`);
const USER_EMAIL = `e2e-otp-${tag}@cti.local`;
const DASHBOARD = '/platform/dashboard';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await enrolVerifiedAdmin(browser, `e2e-otp-admin-${tag}@cti.local`, ADMIN_STATE);
});

test.afterAll(() => rmSync(ADMIN_STATE, { force: true }));

/** A new browser session (nothing stored) that signs in at the Dashboard with this password. */
async function signInFresh(browser: Browser, password: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(DASHBOARD);
  await new SignInPage(page).signIn({ email: USER_EMAIL, password });
  return page;
}

test('a one-time password must be replaced before the platform, and a reset makes it so again', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE });
  const admin = await adminContext.newPage();
  await openUsers(admin);
  const firstOneTime = await createAccount(admin, USER_EMAIL, 'E2E One-time');

  const user = await signInFresh(browser, firstOneTime);
  const choose = new ChoosePasswordPage(user);
  await expect(choose.heading).toBeVisible({ timeout: 60_000 });
  // Going to the platform directly changes nothing: the same screen, no platform frame.
  await user.goto(DASHBOARD);
  await expect(choose.heading).toBeVisible({ timeout: 60_000 });
  await expect(new PlatformShellPage(user).toggleButton).toHaveCount(0);

  const chosen = strongPassword();
  await choose.choose(firstOneTime, chosen);
  await expect(user.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(choose.heading).toHaveCount(0);
  expect(await passwordSignInStatus(USER_EMAIL, firstOneTime)).toBe(400);

  const drawer = await openAccount(admin, USER_EMAIL);
  await act(admin, drawer, 'Reset password');
  const secondOneTime = await takeOneTimePassword(admin);
  expect(secondOneTime).not.toBe(firstOneTime);
  expect(await passwordSignInStatus(USER_EMAIL, chosen)).toBe(400);

  const again = await signInFresh(browser, secondOneTime);
  await expect(new ChoosePasswordPage(again).heading).toBeVisible({ timeout: 60_000 });
  await adminContext.close();
  await user.context().close();
  await again.context().close();
});
