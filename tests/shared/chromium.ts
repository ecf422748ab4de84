/**
 * Debian's Chromium (ENVIRONMENT.md "Browser tests") for every browser suite: Playwright never
 * downloads a browser here, and these flags keep the browser from calling home or needing a GPU or a
 * sandbox inside the container.
 */
import type { LaunchOptions } from '@playwright/test';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
