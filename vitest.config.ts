import { configDefaults, defineConfig } from 'vitest/config';

// Tests that start several game processes and measure them under load (reconnection gaps, drains,
// convergence times): they run last and one at a time, not beside other test files on the 2 cores.
const PROCESS_TESTS = [
  'game-server/chaos.test.ts',
  'game-server/graceful-restart.test.ts',
  'game-server/infra/redis-wait.test.ts',
  'game-server/transport/rooms/least-loaded.test.ts',
  'game-server/transport/rooms/rolling-restart.test.ts',
  'game-server/transport/rooms/storm-faults.test.ts',
  'game-server/transport/rooms/world-convergence.test.ts',
  'game-server/transport/rooms/world-faults.test.ts',
  'game-server/transport/rooms/world-processes.test.ts',
  'scripts/cluster/cluster.test.ts',
];

export default defineConfig({
  test: {
    // The storage tests are CPU-bound (PGlite is WebAssembly): one worker per core of the 2 CI has.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['schema/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'game-server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PROCESS_TESTS],
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
      {
        test: {
          name: 'processes',
          include: PROCESS_TESTS,
          globalSetup: ['game-server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
