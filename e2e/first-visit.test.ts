import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { MAP_HEIGHT, STARTING_BALANCE } from '../schema/constants.ts';
import { coverScale } from '../client/map/camera.ts';
import { browserGame } from './support/browser-game.ts';
import { mapReady, mapSettled, markerPoint, register } from './support/pages.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PHONE_LANDSCAPE = { width: 844, height: 390 };
// The seeded world's far corners.
const FAR_PLACES = ['Sydney', 'Bondi', 'San Francisco', 'Fort Bragg', 'Saint Petersburg', 'Apollo Bay'];

/** Every state the live status shows from the page's first script on. */
async function recordLiveStates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __liveStates: string[] }).__liveStates = seen;
    new MutationObserver(() => {
      const state = document.querySelector('[data-testid=live-status]')?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
}
const liveStates = (page: Page) => page.evaluate(() => (window as unknown as { __liveStates: string[] }).__liveStates);

async function inViewport(page: Page, selector: ReturnType<Page['getByTestId']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const view = page.viewportSize()!;
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width + 0.5 && box.y + box.height <= view.height + 0.5;
}

describe('the first visit', () => {
  const browser = browserGame();

  for (const viewport of [DESKTOP, PHONE]) {
    it(`when a visitor arrives at ${viewport.width}x${viewport.height}, then without a menu it reads what the game is, the world's live figures and one call to play, and the status never says Offline`, async () => {
      const context = await browser.context(undefined, viewport);
      const page = await context.newPage();
      await recordLiveStates(page);
      await page.goto(browser.game.server.url);
      const landing = page.getByTestId('visitor-landing');
      await landing.waitFor();
      expect(await landing.locator('h1').textContent()).toBe('Own real places on a live world map');
      const text = (await landing.textContent()) ?? '';
      for (const words of ['earns you DRK every month', 'feudal chain', 'marketplace', 'Wanakt']) expect(text).toContain(words);
      const total = (await (await fetch(`${browser.game.server.url}/api/territories`)).json()) as TerritoryDto[];
      await expect
        .poll(() => page.getByTestId('landing-owned').textContent(), { timeout: 30_000 })
        .toMatch(new RegExp(` of ${total.length}$`));
      await expect.poll(() => page.getByTestId('landing-supply').textContent()).toMatch(/^[\d,]+ DRK$/);
      await expect.poll(() => page.getByTestId('landing-trades').textContent()).toMatch(/^\d+$/);
      await expect.poll(() => page.getByTestId('landing-online').textContent(), { timeout: 30_000 }).toMatch(/^[1-9]\d*$/);
      const play = landing.getByRole('link', { name: `Play free: start with ${STARTING_BALANCE} DRK` });
      expect(await play.getAttribute('href')).toBe('/register');
      expect(await inViewport(page, landing)).toBe(true);
      expect(await play.isVisible()).toBe(true);
      expect(await liveStates(page)).toEqual(['joining', 'live']);
    });
  }

  it('when a player reloads the page, then the status goes from Connecting… to Live, never Offline, and no reconnection fails', async () => {
    const context = await browser.context(await browser.game.demo());
    const page = await context.newPage();
    await recordLiveStates(page);
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/matchmake/') && response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(browser.game.server.url);
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-state'), { timeout: 30_000 }).toBe('live');
    await page.reload();
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-state'), { timeout: 30_000 }).toBe('live');
    expect(await liveStates(page)).toEqual(['joining', 'live']);
    expect(failures).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE, PHONE_LANDSCAPE]) {
    it(`when the map opens at ${viewport.width}x${viewport.height}, then the home view holds every territory, the far ones too (on an upright phone after ⌂), and − stops where the whole world fits`, async () => {
      const everyone = (await (await fetch(`${browser.game.server.url}/api/territories`)).json()) as TerritoryDto[];
      const page = await (await browser.context(await browser.game.demo(), viewport)).newPage();
      await page.goto(browser.game.server.url);
      await mapReady(page);
      const opening = await mapSettled(page);
      const box = (await page.getByTestId('map-canvas').boundingBox())!;
      if (viewport === PHONE) {
        // Upright, the map opens on the world filling its height (mapModel.ts openingCamera); ⌂ is the home view.
        expect(MAP_HEIGHT * coverScale(box) * opening.zoom).toBeGreaterThanOrEqual(box.height - 1);
        await page.getByRole('button', { name: 'Show every territory' }).click();
        await mapSettled(page);
      }
      const outside: string[] = [];
      for (const territory of everyone) {
        const point = await markerPoint(page, territory);
        if (point.x < box.x || point.x > box.x + box.width || point.y < box.y || point.y > box.y + box.height) outside.push(territory.name);
      }
      expect(outside).toEqual([]);
      for (const name of FAR_PLACES)
        expect(
          everyone.some((territory) => territory.name === name),
          name,
        ).toBe(true);

      const zoomOut = page.getByRole('button', { name: /^Zoom out/ });
      for (let click = 0; click < 8 && (await zoomOut.isEnabled()); click++) {
        await zoomOut.click();
        await mapSettled(page);
      }
      expect(await zoomOut.isEnabled()).toBe(false);
      expect(await zoomOut.getAttribute('aria-label')).toBe('Zoom out: the whole world is in view');
    });
  }

  it('when a newcomer arrives, then it owns land by clicks from the landing: play, register, go to the map, claim', async () => {
    const page = await (await browser.context(undefined, DESKTOP)).newPage();
    const started = Date.now();
    let clicks = 0;
    const click = async (target: ReturnType<Page['getByRole']>) => {
      clicks++;
      await target.click();
    };
    await page.goto(browser.game.server.url);
    await click(page.getByTestId('visitor-landing').getByRole('link', { name: /^Play free/ }));
    await page.locator('input[name=username]').fill('Arrival');
    await page.locator('input[name=password]').fill('first-visit-pass');
    await click(page.getByRole('button', { name: 'Register' }));
    await click(page.getByRole('link', { name: 'Go to the map' }));
    const choice = page.getByTestId('first-steps').getByTestId('starter-choice').first();
    const name = (await choice.locator('.starter-name').textContent())!;
    await click(choice.getByRole('button', { name: /^Claim for/ }));
    // Like every spend, the claim asks first.
    await click(choice.getByRole('button', { name: `Claim ${name}` }));
    await page.getByTestId('first-steps').getByText(`${name} is yours`).waitFor();
    // Reported in the log (the machine's load varies, so the seconds are not asserted).
    console.log(`newcomer to owner: ${clicks} clicks, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(clicks).toBe(5);
    const [owned] = await browser.game.database
      .sql`select count(*)::int as n from territories t join users u on u.id = t.owner_id where u.username = 'Arrival'`;
    expect(owned.n).toBe(1);
  });

  it('when a newcomer claims a village and clicks "Show it on the map", then the map flies to it and selects it, with the popup beside it, not over it', async () => {
    const { page } = await register(await browser.context(undefined, DESKTOP), browser.game.server.url, {
      username: 'Firstcomer',
      password: 'first-visit-pass',
    });
    await page.goto(browser.game.server.url);
    await mapReady(page);
    const home = await mapSettled(page);
    const welcome = page.getByTestId('first-steps');
    const choice = welcome.getByTestId('starter-choice').first();
    const name = (await choice.locator('.starter-name').textContent())!;
    await choice.getByRole('button', { name: /^Claim for/ }).click();
    await choice.getByRole('button', { name: `Claim ${name}` }).click();
    await welcome.getByText(`${name} is yours`).waitFor();
    // The claim itself shows the place; go home first so the link has to fly.
    await page.getByRole('button', { name: 'Show every territory' }).click();
    await mapSettled(page);
    await welcome.getByRole('button', { name: 'Show it on the map' }).click();
    const camera = await mapSettled(page);
    expect(camera.zoom).toBeGreaterThan(home.zoom * 4);
    await expect.poll(() => page.getByTestId('territory-info').locator('h2').textContent()).toBe(name);
    const everyone = (await (await fetch(`${browser.game.server.url}/api/territories`)).json()) as TerritoryDto[];
    const marker = await markerPoint(
      page,
      everyone.find((territory) => territory.name === name)!,
    );
    const map = (await page.getByTestId('map-canvas').boundingBox())!;
    expect(Math.abs(marker.x - (map.x + map.width / 2))).toBeLessThan(40);
    expect(Math.abs(marker.y - (map.y + map.height / 2))).toBeLessThan(40);
    const popup = (await page.getByTestId('territory-info').boundingBox())!;
    const covered = marker.x >= popup.x && marker.x <= popup.x + popup.width && marker.y >= popup.y && marker.y <= popup.y + popup.height;
    expect(covered).toBe(false);
  });
});
