/** The API and header checks of the hardening suite (black box against a running stack). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['api/**/*.test.ts'],
    globalSetup: ['api/global-setup.ts'],
    reporters: ['default', './reporting/vitest-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
  },
});
