/** The browser checks of the hardening suite: Debian Chromium (never a downloaded browser). */
import { defineConfig } from '@playwright/test';
import { resolveTarget } from './lib/target.js';
import { chromiumLaunchOptions } from '../shared/chromium.js';

const target = resolveTarget();

export default defineConfig({
  testDir: './browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './browser/global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  outputDir: './report/.playwright-output',
  reporter: [['list'], ['./reporting/playwright-reporter.ts']],
  use: {
    baseURL: target.webUrl,
    headless: true,
    launchOptions: chromiumLaunchOptions,
  },
});
