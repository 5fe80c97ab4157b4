// The map's frame time in headless Chromium (no GPU, so PixiJS's Canvas 2D renderer) while the camera moves on every frame,
// side by side in one run with the floor: the same canvas with an empty stage. Scenarios: the seeded
// world with geography and labels, the same close up over Europe (50m coastlines), and the seeded
// world with 10,000 more markers (the client's test-only `?synthetic=` flag). Also prints the first
// meaningful paint after navigation and the gzipped size of the dashboard's chunks.
// Run: npx vite build && npm exec -- node bench/map.bench.ts
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { mapSettled } from '../e2e/support/pages.ts';
import { startStandaloneServer } from '../e2e/support/standalone-server.ts';
import { measureMapFrames, percentile } from './support/map-frames.ts';

const SCENARIOS = [
  { name: 'empty stage (floor)', query: '?stage=empty', zoomIns: 0 },
  { name: 'seeded world', query: '?frames', zoomIns: 0 },
  { name: 'seeded, Europe close up', query: '?frames', zoomIns: 3 },
  { name: 'seeded + 10,000 markers', query: '?synthetic=10000', zoomIns: 0 },
];
const PAINT_RUNS = 3;
const ASSETS = join(import.meta.dirname, '..', 'dist', 'client', 'assets');

function measure(browser: Browser, baseUrl: string, scenario: (typeof SCENARIOS)[number]) {
  return measureMapFrames(browser, `${baseUrl}/${scenario.query}`, async (page) => {
    if (scenario.zoomIns === 0) return;
    const search = page.getByRole('combobox', { name: 'Find a place or a player' });
    await search.fill('Vienna');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().click();
    await mapSettled(page);
    for (let i = 0; i < scenario.zoomIns - 2; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=map-canvas]')?.getAttribute('data-detail') === 'close',
      undefined,
      { timeout: 30_000 },
    );
  });
}

// Milliseconds from the start of navigation until the map showed the geography and the world's markers.
async function firstPaint(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.waitForFunction(() => document.querySelector('[data-testid=map-canvas]')?.getAttribute('data-painted-at'), undefined, {
    timeout: 30_000,
  });
  const paintedAt = Number(await page.getByTestId('map-canvas').getAttribute('data-painted-at'));
  await context.close();
  return paintedAt;
}

function gzippedKb(prefix: string): string {
  const files = readdirSync(ASSETS).filter((name) => name.startsWith(prefix) && name.endsWith('.js'));
  const bytes = files.reduce((sum, name) => sum + gzipSync(readFileSync(join(ASSETS, name)), { level: 9 }).length, 0);
  return `${(bytes / 1000).toFixed(1)} kB`;
}

if (!existsSync(join(import.meta.dirname, '..', 'dist', 'client', 'index.html'))) {
  console.error('Build the client first: npx vite build');
  process.exit(1);
}

const server = await startStandaloneServer();
const browser = await launchBrowser();
try {
  console.log(
    'Map frame work in headless Chromium (no GPU: PixiJS draws with Canvas 2D, see client/map/rendererPreference.ts), 1280x800, camera moving on every frame\n',
  );
  console.log(
    `${'scenario'.padEnd(26)}${'markers'.padStart(8)}${'labels'.padStart(8)}${'frames'.padStart(8)}   work p50 / p95 (ms)   p95 / floor   interval p50 / p95 (ms)`,
  );
  let floor = NaN;
  for (const scenario of SCENARIOS) {
    const { markers, labels, frames } = await measure(browser, server.url, scenario);
    const p95 = percentile(frames.work, 95);
    if (Number.isNaN(floor)) floor = p95;
    const work = `${percentile(frames.work, 50).toFixed(2)} / ${p95.toFixed(2)}`;
    const interval = `${percentile(frames.interval, 50).toFixed(1)} / ${percentile(frames.interval, 95).toFixed(1)}`;
    const ratio = `${(p95 / floor).toFixed(2)}x`;
    console.log(
      `${scenario.name.padEnd(26)}${String(markers).padStart(8)}${String(labels).padStart(8)}${String(frames.work.length).padStart(8)}   ${work.padEnd(22)}${ratio.padEnd(14)}${interval}`,
    );
  }
  const paints: number[] = [];
  for (let run = 0; run < PAINT_RUNS; run++) paints.push(await firstPaint(browser, server.url));
  console.log(`\nFirst meaningful paint (geography and markers) after navigation: ${paints.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  console.log(
    `Gzipped (level 9): dashboard chunk ${gzippedKb('Dashboard-')}, geography worker with the 110m detail ${gzippedKb('geographyWorker-')}, lazy 50m geography ${gzippedKb('50m-')}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
