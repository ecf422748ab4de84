/**
 * End-to-end and accessibility tests against a RUNNING stack that serves the built app (see
 * support/stack-env.ts for how it is found). Debian Chromium only, headless, one worker (2 cores).
 *
 *   npx playwright test -c tests/e2e/playwright.config.ts
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, DESKTOP_VIEWPORT } from './support/browser';
import { TEMP_DIR } from './support/paths';
import { readStackEnv } from './support/stack-env';

const env = readStackEnv();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: `${TEMP_DIR}/test-results`,
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${TEMP_DIR}/report.json` }]],
  use: {
    baseURL: env.webUrl,
    browserName: 'chromium',
    headless: true,
    viewport: DESKTOP_VIEWPORT,
    colorScheme: 'light',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
