import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Parsers, normalisation, connectors: no database.
      { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      // The whole pipeline against a real stack (migrations applied), read back with supabase-js.
      {
        test: {
          name: 'database',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
