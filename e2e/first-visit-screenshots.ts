// The first visit's screens at a desktop and a phone size: the visitor landing, the home view, the
// marketplace and the phone map, from the real server on a fresh embedded database.
// Run: npx vite build && npm exec -- node e2e/first-visit-screenshots.ts OUT_DIR [SUFFIX]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { logIn, mapReady, mapSettled, type Login } from './support/pages.ts';
import { LOGINS, startStandaloneServer } from './support/standalone-server.ts';

const [out = join(import.meta.dirname, '..', 'docs', 'screenshots'), suffix = ''] = process.argv.slice(2);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function pageAs(browser: Browser, baseUrl: string, login: Login | null, viewport: { width: number; height: number }): Promise<Page> {
  const phone = viewport.width < 500;
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone });
  return login ? logIn(context, baseUrl, login) : context.newPage();
}

async function shoot(page: Page, url: string, file: string, map: boolean): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  if (map) {
    await mapReady(page);
    await mapSettled(page);
  }
  // The wait is for the picture only (a docs screenshot, nothing asserted): transitions end before the shot.
  await page.waitForTimeout(800);
  const path = join(out, `${file}${suffix}.png`);
  await page.screenshot({ path });
  console.log(`saved ${path}`);
}

const server = await startStandaloneServer();
const browser = await launchBrowser();
try {
  await mkdir(out, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const visitor = await pageAs(browser, server.url, null, viewport);
    await shoot(visitor, `${server.url}/`, `landing-visitor-${size}`, true);
    const player = await pageAs(browser, server.url, LOGINS.demo, viewport);
    await shoot(player, `${server.url}/`, `home-view-${size}`, true);
    await shoot(player, `${server.url}/marketplace`, `marketplace-${size}`, false);
    await visitor.context().close();
    await player.context().close();
  }
  const landscape = await pageAs(browser, server.url, LOGINS.demo, { width: 844, height: 390 });
  await shoot(landscape, `${server.url}/`, 'home-view-phone-landscape', true);
} finally {
  await browser.close();
  await server.stop();
}
