/**
 * Guards (SPEC §2, §4): without a session every guarded screen sends the visitor to /auth with history
 * replaced, and signing in returns to the original location; an analyst on admin screens gets the notice.
 */
import { expect, test } from '@playwright/test';
import { PlatformShellPage } from './pages/platform-shell.page';
import { SignInPage } from './pages/sign-in.page';
import { expectPath } from './support/navigation';
import { ANALYST_STATE } from './support/paths';
import { runInfo } from './support/run-info';
import { ADMIN_NOTICE, PROTECTED_REDIRECTS } from './support/spec-routes';

const GUARDED_PATHS = [
  '/platform',
  '/platform/dashboard',
  '/platform/admin',
  ...PROTECTED_REDIRECTS.map((redirect) => redirect.from),
  '/admin',
];

test.describe('without a session', () => {
  test('every guarded path redirects to /auth, replacing history', async ({ page }) => {
    const signIn = new SignInPage(page);
    await page.goto('/');
    for (const path of GUARDED_PATHS) {
      await test.step(path, async () => {
        await page.goto(path);
        await signIn.expectShown();
        await page.goBack();
        await expectPath(page, '/');
      });
    }
  });

  test('signing in returns to the original location (path, search and hash)', async ({ page }) => {
    const original = '/platform/threat-hunting?view=saved#latest';
    await page.goto('/');
    await page.goto(original);
    const signIn = new SignInPage(page);
    await signIn.expectShown();
    await signIn.signIn(runInfo().analyst);
    await expectPath(page, original);
    await expect(new PlatformShellPage(page).mainHeading).toHaveText('Threat Hunting');
    // /auth was replaced as well: one step back is the page before the guarded one.
    await page.goBack();
    await expectPath(page, '/');
  });

  test('a protected redirect continues to its target after sign-in', async ({ page }) => {
    await page.goto('/profile');
    const signIn = new SignInPage(page);
    await signIn.expectShown();
    await signIn.signIn(runInfo().analyst);
    await expectPath(page, '/platform/profile');
    await expect(new PlatformShellPage(page).mainHeading).toHaveText('Profile');
  });
});

test.describe('signed in as an analyst (not an admin)', () => {
  test.use({ storageState: ANALYST_STATE });

  test('the platform opens without a detour through /auth', async ({ page }) => {
    const shell = new PlatformShellPage(page);
    await shell.goto('/platform/live-cve-feed');
    await expectPath(page, '/platform/live-cve-feed');
    await expect(shell.mainHeading).toHaveText('Live CVE Feed');
  });

  test('/auth sends a signed-in user on to the platform', async ({ page }) => {
    await page.goto('/auth');
    await expectPath(page, '/platform/dashboard');
  });

  test('/platform/admin shows the admin notice, inside the platform shell', async ({ page }) => {
    await page.goto('/platform/admin');
    await expect(page.getByText(ADMIN_NOTICE, { exact: true })).toBeVisible();
    await expectPath(page, '/platform/admin');
    await expect(new PlatformShellPage(page).sidebar).toBeVisible();
  });

  test('/admin shows the admin notice and does not redirect', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByText(ADMIN_NOTICE, { exact: true })).toBeVisible();
    await expectPath(page, '/admin');
  });

  test("'Verifying access...' shows while the backend decides admin access", async ({ page }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/rpc/validate_admin_access', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByRole('status').filter({ hasText: 'Verifying access...' })).toBeVisible();
    await expect(page.getByText(ADMIN_NOTICE)).toHaveCount(0);
    release();
    await expect(page.getByText(ADMIN_NOTICE, { exact: true })).toBeVisible();
  });
});
