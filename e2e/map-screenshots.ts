// Saves the map in each of its modes under docs/screenshots/ (linked from the README): the whole
// world by ownership, tier and income, Europe close up, the realm overlays, search and hover, and a phone.
// Run: npx vite build && npm exec -- node e2e/map-screenshots.ts
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { flyToTerritory, logIn, mapReady, mapSettled } from './support/pages.ts';
import { LOGINS, startStandaloneServer } from './support/standalone-server.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');

async function save(page: Page, name: string): Promise<void> {
  await mapSettled(page);
  // The wait is for the picture only (a docs screenshot, nothing asserted): transitions end before the shot.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`saved docs/screenshots/${name}.png`);
}

async function setMode(page: Page, mode: 'Ownership' | 'Tier' | 'Income'): Promise<void> {
  await page.getByRole('radio', { name: mode }).click();
}

const server = await startStandaloneServer();
const browser = await launchBrowser();
try {
  await mkdir(OUT, { recursive: true });
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await logIn(desktop, server.url, LOGINS.demo);
  await mapReady(page);
  await save(page, 'map-far-ownership');
  await setMode(page, 'Tier');
  await save(page, 'map-far-tier');
  await setMode(page, 'Income');
  await save(page, 'map-far-income');
  await setMode(page, 'Ownership');

  await flyToTerritory(page, 'Vienna');
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await save(page, 'map-europe-close');
  await page.getByRole('button', { name: 'Boundaries' }).click();
  await page.getByRole('button', { name: 'Links' }).click();
  await save(page, 'map-europe-realms');
  await page.getByRole('button', { name: 'Boundaries' }).click();
  await page.getByRole('button', { name: 'Links' }).click();

  await flyToTerritory(page, 'London');
  await save(page, 'map-london-districts');

  await page.getByRole('button', { name: 'Show every territory' }).click();
  await page.getByRole('combobox', { name: 'Find a place or a player' }).fill('par');
  await save(page, 'map-search');
  await page.getByRole('combobox', { name: 'Find a place or a player' }).fill('');

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  const phonePage = await logIn(phone, server.url, LOGINS.demo);
  await mapReady(phonePage);
  await save(phonePage, 'map-phone');
} finally {
  await browser.close();
  await server.stop();
}
