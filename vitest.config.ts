import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The storage tests are CPU-bound (PGlite is WebAssembly): one worker per core of the 2 CI has.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['schema/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'game-server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['game-server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['game-server/testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
