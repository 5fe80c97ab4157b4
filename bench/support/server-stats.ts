import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from 'node:perf_hooks';

export interface ServerStats {
  /** Of one core, over the window since the last reset. */
  cpuPercent: number;
  eventLoopP99Ms: number;
  /**
   * With a `phase` asked for: the p99 of the event loop's lag over every window of that phase so
   * far, this one included; the lag being how late a 10 ms timer fires, the 10 ms not counted.
   */
  phaseLagP99Ms?: number;
  extra?: unknown;
}

export type StatsRequest = { type: 'reset' } | { type: 'stats'; phase?: string } | { type: 'stop' };

const SAMPLE_MS = 10;

/**
 * How late a timer set for every SAMPLE_MS fires, into a histogram that windows of one phase can be
 * added up in. monitorEventLoopDelay's own histogram counts the 10 ms themselves (its p50 of an idle
 * loop is about 11 ms), and cannot be added to another.
 */
function lateness(): { window: RecordableHistogram; reset(): void } {
  const sampler = { window: createHistogram(), reset: () => sampler.window.reset() };
  let due = performance.now() + SAMPLE_MS;
  const tick = () => {
    const now = performance.now();
    sampler.window.record(Math.max(1, Math.round((now - due) * 1e6)));
    due = now + SAMPLE_MS;
    setTimeout(tick, SAMPLE_MS).unref();
  };
  setTimeout(tick, SAMPLE_MS).unref();
  return sampler;
}

/**
 * Runs in a benchmarked server process: answers the bench (its parent, over IPC) with the CPU it
 * used and the p99 delay of its event loop since the last reset; asked with a phase, the window's
 * lag is added to that phase's, so phases measured in turns are compared over the same stretch of time.
 */
export function serveStats(url: string, stop: () => Promise<void>, extra?: () => unknown): void {
  const delay = monitorEventLoopDelay({ resolution: SAMPLE_MS });
  delay.enable();
  const late = lateness();
  const phases = new Map<string, RecordableHistogram>();
  let cpu = process.cpuUsage();
  let since = performance.now();
  process.on('message', (request: StatsRequest) => {
    if (request.type === 'reset') {
      delay.reset();
      late.reset();
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
      if (request.phase !== undefined) {
        const phase = phases.get(request.phase) ?? createHistogram();
        phases.set(request.phase, phase);
        phase.add(late.window);
        stats.phaseLagP99Ms = phase.percentile(99) / 1e6;
      }
      process.send!({ type: 'stats', stats });
    } else if (request.type === 'stop') {
      void stop().finally(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', url });
}
