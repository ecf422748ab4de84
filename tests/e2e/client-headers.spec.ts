/** Every call the app makes to the backend carries X-Requested-With and X-Client-Version (SPEC §7). */
import { expect, test, type Request } from '@playwright/test';
import { PlatformShellPage } from './pages/platform-shell.page';
import { ANALYST_STATE } from './support/paths';
import { readStackEnv } from './support/stack-env';

test.use({ storageState: ANALYST_STATE });

test('backend requests from the platform carry the client headers', async ({ page }) => {
  const apiOrigin = new URL(readStackEnv().apiUrl).origin;
  const calls: Request[] = [];
  page.on('request', (request) => {
    // Preflights are the browser's own; WebSocket upgrades cannot carry custom headers.
    if (new URL(request.url()).origin === apiOrigin && request.method() !== 'OPTIONS') calls.push(request);
  });
  const shell = new PlatformShellPage(page);
  await shell.goto();
  await expect(shell.alertsLink()).toHaveAccessibleName(/new alerts?$/);
  const config = JSON.parse(
    (await page.locator('meta[name="cti-runtime-config"]').getAttribute('content')) ?? '{}',
  ) as { appVersion?: string };

  await expect.poll(() => calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    const headers = await call.allHeaders();
    expect(headers['x-requested-with'], call.url()).toBe('XMLHttpRequest');
    expect(headers['x-client-version'], call.url()).toBe(config.appVersion);
  }
});
