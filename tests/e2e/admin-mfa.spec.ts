/**
 * Admin two-factor end to end (SPEC §3, §6; issue 5 item 5): enrolment with QR code, secret and backup
 * codes, activation by a first code; then in new sessions, verification with a TOTP and with a backup code.
 * Codes are computed here as an authenticator app would (RFC 6238). The backend accepts the steps s-1..s+1
 * and never a step twice, so a later session uses the step after the last one used instead of waiting.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MfaSetupPage, MfaVerifyPage } from './pages/mfa.page';
import { PlatformShellPage } from './pages/platform-shell.page';
import { SignInPage } from './pages/sign-in.page';
import { expectPath } from './support/navigation';
import { runInfo } from './support/run-info';
import { ADMIN_NOTICE } from './support/spec-routes';
import { secretFromOtpauthUri, totpCode, totpStep } from '../shared/totp.mjs';

test.describe.configure({ mode: 'serial' });

const enrolment = { secret: '', backupCodes: [] as string[], lastStep: 0 };

/** A fresh browser session (new context: nothing stored) signed in as the admin at `path`. */
async function signInAsAdmin(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  const signIn = new SignInPage(page);
  await signIn.expectShown();
  await signIn.signIn(runInfo().admin);
  await expectPath(page, path);
  return page;
}

async function expectAdminDashboard(page: Page): Promise<void> {
  const shell = new PlatformShellPage(page);
  await expectPath(page, '/platform/admin');
  await expect(shell.mainHeading).toHaveText('Admin Dashboard');
  await expect(page.getByText(ADMIN_NOTICE)).toHaveCount(0);
}

test('setup: QR code, secret and backup codes are shown; the first code activates', async ({ browser }) => {
  const page = await signInAsAdmin(browser, '/admin');
  const setup = new MfaSetupPage(page);
  await expect(setup.heading).toBeVisible();
  await setup.startButton.click();

  await expect(setup.qrCode).toBeVisible();
  const uri = (await setup.otpauthUri.textContent()) ?? '';
  enrolment.secret = secretFromOtpauthUri(uri);
  expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByText(enrolment.secret, { exact: true })).toBeVisible();
  await expect(setup.backupCodes).toHaveCount(10);
  enrolment.backupCodes = await setup.backupCodeTexts();
  for (const code of enrolment.backupCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);

  // A wrong first code is refused and explained.
  const step = totpStep();
  const wrong = String((Number(totpCode(enrolment.secret, step)) + 1) % 1_000_000).padStart(6, '0');
  await setup.activate(wrong);
  await expect(page.getByText('That code is not valid.', { exact: false })).toBeVisible();

  enrolment.lastStep = step;
  await setup.activate(totpCode(enrolment.secret, step));
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  // /admin (admin-only redirect) now continues to /platform/admin.
  await expectAdminDashboard(page);
  // /admin, /auth and the return to /admin all replaced the one history entry of this new tab.
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
  await page.context().close();
});

test('a new session asks for a code and accepts a TOTP', async ({ browser }) => {
  const page = await signInAsAdmin(browser, '/platform/admin');
  const verify = new MfaVerifyPage(page);
  // One step after the activation's: inside the accepted window now, and never a replay.
  const step = Math.max(totpStep(), enrolment.lastStep + 1);
  enrolment.lastStep = step;
  await verify.verify(totpCode(enrolment.secret, step));
  await expectAdminDashboard(page);
  await page.context().close();
});

test('a backup code works once and the remaining count is shown', async ({ browser }) => {
  const page = await signInAsAdmin(browser, '/platform/admin');
  const verify = new MfaVerifyPage(page);
  await verify.verify(enrolment.backupCodes[0]!);
  await expect(page.getByText('Backup code used', { exact: true })).toBeVisible();
  await expect(page.getByText('Backup codes remaining: 9.')).toBeVisible();
  await expectAdminDashboard(page);
  await page.context().close();

  // The same code in yet another session is refused, and the screen says how many are left.
  const again = await signInAsAdmin(browser, '/platform/admin');
  await new MfaVerifyPage(again).verify(enrolment.backupCodes[0]!);
  // About backup codes, not about the device clock.
  await expect(
    again.getByText('That backup code is not valid or was already used', { exact: false }),
  ).toBeVisible();
  await expect(again.getByText('Backup codes remaining: 9')).toBeVisible();
  await expect(new MfaVerifyPage(again).heading).toBeVisible();
  await again.context().close();
});
