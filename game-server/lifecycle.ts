import { draining as drainingGauge } from './infra/observability/metrics.ts';

/** Whether this process still takes new work, or drains what it has before it stops. */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
  /** Counts a request under way until the returned function is called. */
  begin(): () => void;
  /** Resolves once no request counted by begin() is under way. */
  idle(): Promise<void>;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  let underWay = 0;
  let waiters: (() => void)[] = [];
  drainingGauge.set(0);
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
      drainingGauge.set(1);
    },
    begin() {
      underWay++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        underWay--;
        if (underWay === 0) for (const wake of waiters.splice(0)) wake();
      };
    },
    idle() {
      return underWay === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/** What a drain waits for, by name, so a drain that overruns can say what it was still waiting for. */
export async function drainWithin(parts: Record<string, Promise<unknown>>, withinMs: number): Promise<string[]> {
  const pending = new Set(Object.keys(parts));
  const all = Promise.all(
    Object.entries(parts).map(([name, part]) =>
      part.then(
        () => pending.delete(name),
        () => pending.delete(name),
      ),
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, withinMs));
  });
  try {
    await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
  return [...pending];
}
