// The map's start (WebGL context, shaders, rasterising the world) is the page's heaviest work and,
// where WebGL runs in software, blocks the main thread for seconds. Run first, it held back the
// first paint of the landing's text and figures; so it waits until a frame has been painted and
// the browser is idle (or a short while has passed, where idle never comes).

const IDLE_TIMEOUT_MS = 1500;

/** Calls `run` once the next frame has been painted and the main thread is idle; returns a cancel. */
export function afterFirstPaint(run: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(() => !cancelled && run(), { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(() => !cancelled && run(), 0);
  };
  // A frame callback runs before the paint; the task it queues runs after it.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(whenIdle, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/** Ends the current task so the browser can paint and handle input before the next step. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
