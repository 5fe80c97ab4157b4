/**
 * Calls `send` at most once per `intervalMs`, always delivering the latest value: a burst of
 * pointer moves becomes a steady stream whose last position is never lost.
 */
export function latestThrottle<T>(intervalMs: number, send: (value: T) => void, now: () => number = () => performance.now()) {
  let lastSent = -Infinity;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastSent = now();
    send(value);
  };

  return {
    push(value: T) {
      pending = { value };
      const wait = lastSent + intervalMs - now();
      if (wait <= 0) flush();
      else if (timer === undefined) timer = setTimeout(flush, wait);
    },
    /** Drops what is still waiting; the caller sends its final value itself (the drop). */
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}
