import { defineConfig } from 'vitest/config';

/** Each file brings up its own stack (ports 25591–25599) and kills, wipes or upgrades it. */
const faults = {
  test: {
    name: 'faults',
    include: ['test/faults/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // One private stack at a time: two cores cannot start several and keep their timings honest.
    fileParallelism: false,
  },
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'conformance',
          include: ['test/conformance/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Minutes on two cores, so not in every `npm test`: `npm run test:faults` (STACK_FAULTS=1).
      ...(process.env.STACK_FAULTS === '1' ? [faults] : []),
    ],
  },
});
