import { configDefaults, defineConfig } from 'vitest/config';
import { SpreadSequencer } from './scripts/test-sequencer.ts';

// Tests that start several game processes and measure them under load (reconnection gaps, drains,
// convergence times): they run after the unit and browser files, one at a time. Beside the unit
// files' load on the 2 cores rolling restarts dropped connections; two at a time, a rolling restart
// at 200 commands/s beside the convergence test's three processes was shed with 503s (about 70 s more
// than two at a time, for a run that does not fail on how busy the machine is).
const PROCESS_TESTS = [
  'game-server/graceful-restart.test.ts',
  'game-server/infra/redis-wait.test.ts',
  'game-server/transport/rooms/least-loaded.test.ts',
  'game-server/transport/rooms/rolling-restart.test.ts',
  'game-server/transport/rooms/storm-faults.test.ts',
  'game-server/transport/rooms/world-convergence.test.ts',
  'game-server/transport/rooms/world-faults.test.ts',
  'game-server/transport/rooms/world-processes.test.ts',
];

// The tests that hold most of PostgreSQL's 100 connections or count every 503 as a failure run last,
// one at a time: the cluster (three processes with pools of 20 behind nginx) beside a rolling
// restart ran the server out of connections, and the chaos run beside the first group's load saw
// its admission control shed commands outside every fault window.
const CLUSTER_TEST = 'scripts/cluster/cluster.test.ts';
const CHAOS_TEST = 'game-server/chaos.test.ts';

// The first group: unit files (CPU-bound) and browser files (waiting on Chromium and timers as much as
// computing), dealt in turn (scripts/test-sequencer.ts) on four workers. One worker per core of the
// 2 CI has would leave a core idle whenever a file waits. A worker keeps the modules it has loaded from one file to the next:
// loading the server's module graph afresh for each file cost as much CPU as the route tests
// themselves. Each file still starts its own servers and databases; the process tests keep a fresh
// worker per file.
const FIRST_GROUP = { isolate: false, maxWorkers: 4 };

export default defineConfig({
  test: {
    sequence: { sequencer: SpreadSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['schema/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'game-server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PROCESS_TESTS, CLUSTER_TEST, CHAOS_TEST],
          globalSetup: ['game-server/testing/global-setup.ts'],
          ...FIRST_GROUP,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['game-server/testing/global-setup.ts'],
          ...FIRST_GROUP,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A browser test polls for what the page shows, which comes over the network from a server
          // sharing the 2 cores with three other workers: vitest's one-second default is a wall-clock
          // limit, not a rule of the game (a poll held to a rule's deadline states it).
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'processes',
          include: PROCESS_TESTS,
          globalSetup: ['game-server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'alone',
          include: [CLUSTER_TEST, CHAOS_TEST],
          globalSetup: ['game-server/testing/global-setup.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
