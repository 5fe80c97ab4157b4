// The map's frame time in headless Chromium while the camera moves on every frame (bench/map.bench.ts
// and bench/scale.bench.ts): what one page of the map costs a frame, read from the client's own
// frame statistics (client/map/frameStats.ts, switched on by the `frames`, `synthetic` or `stage` flag).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mapReady } from '../../e2e/support/pages.ts';
import type { FrameStats } from '../../client/map/frameStats.ts';

const FRAMES = 300;
/** How long one measurement may take, from opening the page to its last frame: past it the map counts as hung, and its page is closed. */
export const MAP_FRAMES_LIMIT_MS = 90_000;
/** The message of a measurement cut off by MAP_FRAMES_LIMIT_MS. */
export const MAP_HUNG = 'the map hung';

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

// Moves the camera on every animation frame for a few seconds: wheel steps in and out around a
// point that circles the map, so each frame zooms and pans. Driven from inside the page, so the
// frame rate is the browser's own and not the pace of remote-controlled input.
// A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
const EXERCISE = `new Promise((done) => {
  const canvas = document.querySelector('[data-testid=map-canvas] canvas');
  const box = canvas.getBoundingClientRect();
  let frame = 0;
  const step = () => {
    const angle = (frame / 60) * Math.PI * 2;
    canvas.dispatchEvent(new WheelEvent('wheel', {
      deltaY: Math.sin(angle * 2) * 40,
      clientX: box.left + box.width * (0.5 + 0.3 * Math.cos(angle)),
      clientY: box.top + box.height * (0.5 + 0.3 * Math.sin(angle)),
      cancelable: true,
    }));
    if (++frame < ${FRAMES}) requestAnimationFrame(step);
    else done();
  };
  requestAnimationFrame(step);
})`;

export interface MapFrames {
  markers: number;
  labels: number;
  frames: FrameStats;
}

/**
 * Opens the map at `url` (with a frame-statistics flag in its query), lets `prepare` move it, then
 * moves the camera on every frame and answers the frames' timings; rejects with MAP_HUNG when that
 * takes longer than MAP_FRAMES_LIMIT_MS (a page whose frames never come would otherwise be waited for forever).
 */
export async function measureMapFrames(browser: Browser, url: string, prepare?: (page: Page) => Promise<void>): Promise<MapFrames> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${MAP_HUNG}: no result within ${MAP_FRAMES_LIMIT_MS / 1000} s`)), MAP_FRAMES_LIMIT_MS);
  });
  const measuring = measure(context, url, prepare);
  // Cut off, it rejects later as its page closes: nobody waits for it then.
  measuring.catch(() => undefined);
  try {
    return await Promise.race([measuring, limit]);
  } finally {
    clearTimeout(timer);
    // A hung renderer may not answer the close either: the browser is closed with the bench.
    await Promise.race([context.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
}

async function measure(context: BrowserContext, url: string, prepare?: (page: Page) => Promise<void>): Promise<MapFrames> {
  const page = await context.newPage();
  await page.goto(url);
  await mapReady(page);
  await prepare?.(page);
  // The wait is the measurement's start: the map idles a second before its frames are counted.
  await page.waitForTimeout(1000);
  const map = page.getByTestId('map-canvas');
  const markers = Number(await map.getAttribute('data-marker-count'));
  await page.evaluate(() => {
    window.__mapFrames!.work.length = 0;
    window.__mapFrames!.interval.length = 0;
  });
  await page.evaluate(EXERCISE);
  const frames = await page.evaluate(() => structuredClone(window.__mapFrames) as FrameStats);
  const labels = Number(await map.getAttribute('data-labels'));
  return { markers, labels, frames };
}
