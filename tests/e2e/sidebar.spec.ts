/**
 * The platform sidebar (SPEC §2, §9): four groups in order (no admin pages for an analyst), each
 * toggleable, the SECURE tile, Ctrl+B collapse to a 3 rem icon rail kept in a 7-day cookie, and the
 * off-canvas drawer on a phone.
 */
import { expect, test } from '@playwright/test';
import { PlatformShellPage } from './pages/platform-shell.page';
import { MOBILE_VIEWPORT } from './support/browser';
import { expectPath } from './support/navigation';
import { ANALYST_STATE } from './support/paths';
import { SIDEBAR_GROUPS } from './support/spec-routes';
import { startsWith } from './support/text';

const SEVEN_DAYS_S = 7 * 24 * 3600;
const REM_PX = 16;

test.use({ storageState: ANALYST_STATE });

test('four groups with their items in the spec order, all expanded', async ({ page }) => {
  const shell = new PlatformShellPage(page);
  await shell.goto();
  await expect(shell.navigation().getByRole('region')).toHaveCount(SIDEBAR_GROUPS.length);
  for (const [index, group] of SIDEBAR_GROUPS.entries()) {
    await test.step(group.title, async () => {
      const region = shell.navigation().getByRole('region').nth(index);
      await expect(region).toHaveAccessibleName(group.title);
      const toggle = region.getByRole('button');
      await expect(toggle).toHaveText(group.title, { ignoreCase: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(region.getByRole('link')).toHaveText(group.items.map(startsWith));
    });
  }
  await expect(shell.sidebar.getByText('SECURE', { exact: true })).toBeVisible();
  await expect(shell.sidebar.getByRole('button', { name: 'Profile' })).toBeVisible();
});

test('each group toggles on its own', async ({ page }) => {
  const shell = new PlatformShellPage(page);
  await shell.goto();
  const toggle = shell.groupToggle('Threat Intelligence');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(shell.navLink('Live CVE Feed')).toBeHidden();
  // The other groups stay as they were.
  await expect(shell.navLink('Dashboard')).toBeVisible();
  await expect(shell.groupToggle('Platform Systems')).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(shell.navLink('Live CVE Feed')).toBeVisible();
});

test('Ctrl+B collapses to icons, the cookie keeps it for 7 days across a reload', async ({
  page,
  context,
}) => {
  const shell = new PlatformShellPage(page);
  await shell.goto();
  await expect(shell.sidebar).toHaveAttribute('data-state', 'expanded');
  expect((await shell.sidebar.boundingBox())?.width).toBeCloseTo(16 * REM_PX, 0);

  await page.keyboard.press('Control+b');
  await expect(shell.sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect(shell.toggleButton).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width).toBeCloseTo(3 * REM_PX, 0);
  // Labels leave the rail but stay the links' names.
  await expect(shell.navLink('Unified Intelligence')).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(SEVEN_DAYS_S - 120);
  expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(SEVEN_DAYS_S + 5);

  await page.reload();
  await shell.expectLoaded();
  await expect(shell.sidebar).toHaveAttribute('data-state', 'collapsed');

  // The header button does the same as the shortcut.
  await shell.toggleButton.click();
  await expect(shell.sidebar).toHaveAttribute('data-state', 'expanded');
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'sidebar_state')?.value)
    .toBe('true');
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: MOBILE_VIEWPORT });

  test('the sidebar is an off-canvas drawer opened by the toggle', async ({ page }) => {
    const shell = new PlatformShellPage(page);
    await shell.goto();
    await expect(shell.sidebar).toHaveCount(0);
    await expect(shell.drawer).toBeHidden();

    await shell.toggleButton.click();
    await expect(shell.drawer).toBeVisible();
    // It slides in from the left edge, 18 rem wide.
    await expect.poll(async () => (await shell.drawer.boundingBox())?.x).toBe(0);
    expect((await shell.drawer.boundingBox())?.width).toBeCloseTo(18 * REM_PX, 0);
    await expect(shell.navigation(shell.drawer).getByRole('region')).toHaveCount(SIDEBAR_GROUPS.length);

    // Following a link navigates and closes the drawer.
    await shell.navLink('Live CVE Feed', shell.drawer).click();
    await expectPath(page, '/platform/live-cve-feed');
    await expect(shell.drawer).toBeHidden();
    await expect(shell.mainHeading).toHaveText('Live CVE Feed');

    // Ctrl+B opens it too, and Escape closes it.
    await page.keyboard.press('Control+b');
    await expect(shell.drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.drawer).toBeHidden();
  });
});
