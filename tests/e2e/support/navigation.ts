/** URL and history assertions shared by the route specs. */
import { expect, test, type Page } from '@playwright/test';

/** The page's URL is exactly `path` (plus optional search/hash) on the app's origin. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === path, {
    timeout: 15_000,
  });
}

/**
 * Checks redirects in one page: opens each `from` after `start` and expects its `to`, then goes back
 * once. With history replaced, Back lands on `start`; a pushed redirect would leave `from` in between
 * (which would redirect forward again).
 */
export async function expectReplacingRedirects(
  page: Page,
  redirects: readonly { from: string; to: string }[],
  start = '/',
): Promise<void> {
  await page.goto(start);
  await expectPath(page, start);
  for (const { from, to } of redirects) {
    await test.step(`${from} → ${to}`, async () => {
      await page.goto(from);
      await expectPath(page, to);
      await page.goBack();
      await expectPath(page, start);
    });
  }
}
