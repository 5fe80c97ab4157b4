// The map's start (WebGL context, shaders, rasterising the world) is the page's heaviest work and,
// where WebGL runs in software, blocks the main thread for seconds. Run first, it held back the
// first paint of the landing's text and figures; so it waits until a frame has been painted and
// the browser is idle (or a short while has passed, where idle never comes). A visitor's map waits
// longer (whenWanted).

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

/** What a visitor does that says they are there to use the page: the map starts at the first. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** How long a loaded page that a visitor leaves alone waits before its map starts anyway: past the first seconds. */
const UNWANTED_START_MS = 5000;

/**
 * For a visitor, whose first screen is the landing over the world's picture: calls `run` at the
 * visitor's first interaction with the page, or once the page has loaded, UNWANTED_START_MS more have
 * passed and the browser is idle; whichever comes first. Meanwhile the landing's text, figures and
 * buttons have the main thread to themselves. Returns a cancel.
 */
export function whenWanted(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  const stop = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, now, { capture: true });
    window.removeEventListener('load', wait);
    clearTimeout(timer);
    cancelIdle?.();
  };
  function now() {
    stop();
    run();
  }
  function wait() {
    timer = setTimeout(() => (cancelIdle = afterFirstPaint(now)), UNWANTED_START_MS);
  }
  for (const type of INTERACTIONS) window.addEventListener(type, now, { capture: true, passive: true });
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
  return stop;
}

/** Ends the current task so the browser can paint and handle input before the next step. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
