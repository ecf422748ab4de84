/** Theme (SPEC §3, §4): dark by default whatever the device says, a choice kept in 'vite-ui-theme'. */
import { expect, test, type Page } from '@playwright/test';
import { ThemeMenu } from './pages/theme-menu.page';

const THEME_KEY = 'vite-ui-theme';

async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  await expect(page.locator('html')).toHaveCSS('color-scheme', theme);
}

const storedTheme = (page: Page) => page.evaluate((key) => localStorage.getItem(key), THEME_KEY);

test.use({ colorScheme: 'light' });

test('dark by default, then light chosen and kept across reloads and pages', async ({ page }) => {
  await page.goto('/');
  await expectTheme(page, 'dark');
  expect(await storedTheme(page)).toBeNull();
  const menu = new ThemeMenu(page);
  await expect(menu.trigger).toHaveAccessibleName('Theme: Dark. Change theme');

  await menu.choose('Light');
  await expectTheme(page, 'light');
  expect(await storedTheme(page)).toBe('light');

  await page.reload();
  await expectTheme(page, 'light');
  await page.goto('/auth');
  await expectTheme(page, 'light');
  await expect(menu.trigger).toHaveAccessibleName('Theme: Light. Change theme');
});

test('system follows the device setting live', async ({ page }) => {
  await page.goto('/');
  await new ThemeMenu(page).choose('System');
  expect(await storedTheme(page)).toBe('system');
  await expectTheme(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectTheme(page, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectTheme(page, 'light');
});
