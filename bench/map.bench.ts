// The map's frame time in headless Chromium while the camera pans and zooms: with the seeded world,
// and with 10,000 more markers (the client's test-only `?synthetic=` flag). Prints p50/p95 of the
// frame time (measured inside the page, from the start of a frame's work until the GPU has drawn it)
// and of the interval between frames.
// Run: npx vite build && node --import tsx bench/map.bench.ts
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { mapReady } from '../e2e/support/pages.ts';
import { startStandaloneServer } from '../e2e/support/standalone-server.ts';
import type { FrameStats } from '../client/map/frameStats.ts';

const SCENARIOS = [
  { name: 'seeded world', query: '?frames' },
  { name: 'seeded + 10,000 markers', query: '?synthetic=10000' },
];
const FRAMES = 300;

function percentile(values: readonly number[], p: number): number {
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

async function exercise(page: Page): Promise<void> {
  await page.evaluate(EXERCISE);
}

async function measure(browser: Browser, baseUrl: string, query: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/${query}`);
  await mapReady(page);
  await page.waitForTimeout(1000);
  const markers = Number(await page.getByTestId('map-canvas').getAttribute('data-marker-count'));
  await page.evaluate(() => {
    window.__mapFrames!.work.length = 0;
    window.__mapFrames!.interval.length = 0;
  });
  await exercise(page);
  const frames = await page.evaluate(() => structuredClone(window.__mapFrames) as FrameStats);
  await context.close();
  return { markers, frames };
}

if (!existsSync(join(import.meta.dirname, '..', 'dist', 'client', 'index.html'))) {
  console.error('Build the client first: npx vite build');
  process.exit(1);
}

const server = await startStandaloneServer();
const browser = await launchBrowser();
try {
  console.log('Map frame time in headless Chromium (software WebGL), 1280x800, camera moving on every frame\n');
  console.log(`${'scenario'.padEnd(26)}${'markers'.padStart(8)}${'frames'.padStart(8)}   frame p50 / p95 (ms)  interval p50 / p95 (ms)`);
  for (const scenario of SCENARIOS) {
    const { markers, frames } = await measure(browser, server.url, scenario.query);
    const work = `${percentile(frames.work, 50).toFixed(2)} / ${percentile(frames.work, 95).toFixed(2)}`;
    const interval = `${percentile(frames.interval, 50).toFixed(1)} / ${percentile(frames.interval, 95).toFixed(1)}`;
    console.log(`${scenario.name.padEnd(26)}${String(markers).padStart(8)}${String(frames.work.length).padStart(8)}   ${work.padEnd(22)}${interval}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
