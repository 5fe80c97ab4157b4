import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ServerStats {
  /** Of one core, over the window since the last reset. */
  cpuPercent: number;
  eventLoopP99Ms: number;
  extra?: unknown;
}

export type StatsRequest = { type: 'reset' } | { type: 'stats' } | { type: 'stop' };

/**
 * Runs in a benchmarked server process: answers the bench (its parent, over IPC) with the CPU it
 * used and the p99 delay of its event loop since the last reset.
 */
export function serveStats(url: string, stop: () => Promise<void>, extra?: () => unknown): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let cpu = process.cpuUsage();
  let since = performance.now();
  process.on('message', (request: StatsRequest) => {
    if (request.type === 'reset') {
      delay.reset();
      cpu = process.cpuUsage();
      since = performance.now();
      process.send!({ type: 'reset' });
    } else if (request.type === 'stats') {
      const used = process.cpuUsage(cpu);
      const stats: ServerStats = {
        cpuPercent: ((used.user + used.system) / 1000 / (performance.now() - since)) * 100,
        eventLoopP99Ms: delay.percentile(99) / 1e6,
        extra: extra?.(),
      };
      process.send!({ type: 'stats', stats });
    } else if (request.type === 'stop') {
      void stop().finally(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', url });
}
