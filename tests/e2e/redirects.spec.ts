/** Every redirect of SPEC §2 lands on its target and replaces history (Back skips the old path). */
import { expect, test } from '@playwright/test';
import { PlatformShellPage } from './pages/platform-shell.page';
import { ANALYST_STATE } from './support/paths';
import { expectReplacingRedirects } from './support/navigation';
import { PLATFORM_REDIRECTS, PROTECTED_REDIRECTS, REDIRECTS } from './support/spec-routes';

test.describe('redirects (signed in)', () => {
  test.use({ storageState: ANALYST_STATE });

  // Four at a time: each redirect costs two page loads, and a test should stay well inside its timeout.
  for (let first = 0; first < REDIRECTS.length; first += 4) {
    const chunk = REDIRECTS.slice(first, first + 4);
    test(`public redirects ${chunk.map((r) => r.from).join(', ')}`, async ({ page }) => {
      await expectReplacingRedirects(page, chunk);
    });
  }

  test('protected redirects', async ({ page }) => {
    await expectReplacingRedirects(page, PROTECTED_REDIRECTS);
  });

  test('redirects inside /platform', async ({ page }) => {
    await expectReplacingRedirects(page, PLATFORM_REDIRECTS);
  });

  test('/platform itself shows the dashboard', async ({ page }) => {
    await page.goto('/platform');
    await expect(new PlatformShellPage(page).mainHeading).toHaveText('Dashboard');
  });
});

test('/resources → /about also for anonymous visitors', async ({ page }) => {
  await expectReplacingRedirects(page, [{ from: '/resources', to: '/about' }]);
});
