/** The public site (SPEC §2 public routes) and the not-found page for any other path. */
import { expect, test } from '@playwright/test';
import { expectPath } from './support/navigation';
import { PUBLIC_PAGES } from './support/spec-routes';

test('every public page shows its own page', async ({ page }) => {
  for (const { path, heading } of PUBLIC_PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectPath(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // Anonymous visitors are offered the sign-in screen from every public page.
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    });
  }
});

test('the header navigation moves between public pages without a reload', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    (window as Window & { e2eMarker?: boolean }).e2eMarker = true;
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expectPath(page, '/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About');
  expect(await page.evaluate(() => (window as Window & { e2eMarker?: boolean }).e2eMarker)).toBe(true);
});

test('any other path shows the not-found page', async ({ page }) => {
  for (const path of ['/no-such-page', '/about/extra', '/auth/anything', '/platformx']) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      // The web server answers every path with the app; the app decides the page.
      expect(response?.status()).toBe(200);
      await expectPath(page, path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    });
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expectPath(page, '/');
});
