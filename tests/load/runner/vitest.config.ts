/** Unit tests of the Node runner's k6 compatibility layer (no stack needed). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    maxWorkers: 2,
  },
});
