import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { browserGame } from './support/browser-game.ts';
import { overlap, type Box } from './support/boxes.ts';
import { clickTerritory, flyToTerritory, mapReady, mapSettled, markerPoint } from './support/pages.ts';
import { testShot } from './support/test-shots.ts';

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 390, height: 844 };

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

async function boxes(locator: Locator): Promise<Box[]> {
  return Promise.all((await locator.all()).map(async (element) => (await element.boundingBox())!));
}

/** Where the page's own content ends at the bottom: the test-mode ribbon, when shown, covers what lies below it. */
async function visibleBottom(page: Page): Promise<number> {
  const ribbon = await page
    .locator('.test-mode-ribbon')
    .boundingBox()
    .catch(() => null);
  return ribbon ? ribbon.y : page.viewportSize()!.height;
}

// The marketplace shows its cards at once and its filters never overlap; on a
// phone the top bar is one row and the map keeps most of the screen; the popup and the panel never repeat a fact.
describe('layouts that leave room for the game', () => {
  const browser = browserGame();

  it('when a player opens the marketplace at 1280x800, then at least 12 cards are listed and the first row is whole on the first screen', async () => {
    const page = await (await browser.context(await browser.game.demo(), DESKTOP)).newPage();
    await page.goto(`${browser.game.server.url}/marketplace`);
    const cards = page.getByTestId('listing');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
    const all = await boxes(cards);
    const firstRow = all.filter((box) => Math.abs(box.y - all[0].y) < 1);
    const bottom = await visibleBottom(page);
    console.log(
      `marketplace 1280x800: ${all.length} cards, ${firstRow.length} in the first row, its bottom at ${Math.round(firstRow[0].y + firstRow[0].height)} px of ${bottom}`,
    );
    expect(firstRow.length).toBeGreaterThanOrEqual(3);
    for (const box of firstRow) expect(box.y + box.height).toBeLessThanOrEqual(bottom);
    await page.screenshot({ path: testShot('marketplace.png') });
  });

  for (const viewport of [DESKTOP, TABLET, PHONE]) {
    it(`when the marketplace's filters are shown at ${viewport.width} px, then no two overlap and none leaves the search panel`, async () => {
      const page = await (await browser.context(undefined, viewport)).newPage();
      await page.goto(`${browser.game.server.url}/marketplace`);
      const panel = page.getByRole('search', { name: 'Search the listings' });
      await panel.waitFor({ timeout: 30_000 });
      const fields = await boxes(panel.locator('.field'));
      const controls = await boxes(panel.locator('input, select'));
      const outer = (await panel.boundingBox())!;
      expect(fields).toHaveLength(7);
      for (const [index, box] of [...fields, ...controls].entries())
        expect(inside(box, outer), `control ${index} inside the panel`).toBe(true);
      for (let a = 0; a < fields.length; a++)
        for (let b = a + 1; b < fields.length; b++) expect(overlap(fields[a], fields[b]), `fields ${a} and ${b}`).toBe(false);
      expect(await panel.locator('select[name=type] option[value=main]').textContent()).toBe('Main City');
    });
  }

  for (const viewport of [DESKTOP, TABLET]) {
    it(`when a player switches the map through every colour mode at ${viewport.width} px, then its key and the mode switch never overlap`, async () => {
      const page = await (await browser.context(await browser.game.demo(), viewport)).newPage();
      await page.goto(browser.game.server.url);
      await mapReady(page);
      const modes = page.getByRole('radiogroup', { name: 'Colour the map by' });
      // Below 1024 px the first steps are a sheet over the map's bottom: closed, the key and the switch show.
      const firstSteps = page.getByRole('button', { name: 'Close first steps' });
      if (await firstSteps.isVisible()) await firstSteps.click();
      for (const mode of ['Ownership', 'Tier', 'Income', 'Alliance']) {
        await modes.getByRole('radio', { name: mode }).click();
        const [legend, switcher] = await Promise.all([
          page.getByLabel('Map legend').boundingBox(),
          page.locator('.map-modes').boundingBox(),
        ]);
        expect(
          overlap(legend!, switcher!),
          `${mode}: the key at ${JSON.stringify(legend)}, the switch at ${JSON.stringify(switcher)}`,
        ).toBe(false);
      }
      await page.screenshot({ path: testShot(`map-modes-${viewport.width}.png`) });
    });
  }

  it('when a player opens the map on a 390x844 phone, then the top bar is one row and the map keeps most of the screen', async () => {
    const page = await (await browser.context(await browser.game.demo(), PHONE)).newPage();
    await page.goto(browser.game.server.url);
    await mapReady(page);
    await mapSettled(page);
    const bar = page.locator('.top-bar');
    const rowItems = await boxes(bar.locator(':scope > .brand, :scope > .live-status, :scope > .stats, :scope > .account'));
    expect(rowItems).toHaveLength(4);
    for (const box of rowItems) expect(Math.abs(box.y + box.height / 2 - (rowItems[0].y + rowItems[0].height / 2))).toBeLessThan(8);
    for (const box of rowItems) expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.getByTestId('balance').isVisible()).toBe(true);
    const map = (await page.getByTestId('map-canvas').boundingBox())!;
    const share = map.height / PHONE.height;
    console.log(
      `phone: top bar ${Math.round((await bar.boundingBox())!.height)} px, map ${Math.round(map.height)} px (${Math.round(share * 100)} % of the screen)`,
    );
    expect(share).toBeGreaterThanOrEqual(0.75);
    // Log out is in the menu drawer.
    await page.getByRole('button', { name: '☰ Menu' }).click();
    expect(await page.getByTestId('left-sidebar').getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.screenshot({ path: testShot('dashboard-phone.png') });
  });

  it('when a visitor opens the map on a 390x844 phone, then the top bar is one row inside the screen, with Log in and Join Game', async () => {
    const page = await (await browser.context(undefined, PHONE)).newPage();
    await page.goto(browser.game.server.url);
    await page.getByTestId('visitor-landing').waitFor();
    const account = page.locator('.top-bar > .account');
    for (const name of ['Log in', 'Join Game']) {
      const box = (await account.getByRole('link', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
      expect(box.y).toBeLessThan(40);
    }
  });

  it('when a visitor looks around and searches at 1280x800, then the first result lies over the "What is Wanakt World?" button, not under it', async () => {
    const page = await (await browser.context(undefined, DESKTOP)).newPage();
    await page.goto(browser.game.server.url);
    await page.getByTestId('visitor-landing').getByRole('button', { name: 'Look around the map' }).click();
    const reopen = page.getByRole('button', { name: 'What is Wanakt World?' });
    await page.getByRole('combobox', { name: 'Find a place or a player' }).fill('La');
    const first = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first();
    await first.waitFor();
    console.log(
      `search at 1280x800: the first result and the button share space: ${overlap((await first.boundingBox())!, (await reopen.boundingBox())!)}`,
    );
    // The result is on top: a click there picks it.
    const onTop = await first.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return hit !== null && element.contains(hit);
    });
    expect(onTop).toBe(true);
  });

  it('when a player selects a place just above the mode switch at 1280x800, then the popup stands clear of the switch and nothing lies over its buttons', async () => {
    const page = await (await browser.context(await browser.game.demo(), DESKTOP)).newPage();
    await page.goto(browser.game.server.url);
    await mapReady(page);
    await mapSettled(page);
    const territories = (await (await fetch(`${browser.game.server.url}/api/territories`)).json()) as TerritoryDto[];
    const lagos = territories.find((territory) => territory.name === 'Lagos')!;
    const modes = (await page.locator('.map-modes').boundingBox())!;
    // Lagos dragged to 30 px above the switch, in its middle: a popup centred beside it would reach into the switch.
    await flyToTerritory(page, 'Lagos');
    await page.keyboard.press('Escape');
    const from = await markerPoint(page, lagos);
    const to = { x: modes.x + modes.width / 2 - 120, y: modes.y - 30 };
    await page.mouse.move(from.x + 15, from.y + 15);
    await page.mouse.down();
    await page.mouse.move(to.x + 15, to.y + 15, { steps: 12 });
    await page.mouse.up();
    const now = await markerPoint(page, lagos);
    expect(Math.abs(now.y - to.y), 'Lagos where it was dragged').toBeLessThan(4);
    await clickTerritory(page, lagos);
    const popup = page.getByTestId('territory-info');
    await expect.poll(() => popup.locator('h2').textContent()).toBe('Lagos');
    await mapSettled(page);
    const placed = (await popup.boundingBox())!;
    expect(overlap(placed, (await page.locator('.map-modes').boundingBox())!), 'the popup and the mode switch').toBe(false);
    for (const button of await popup.getByRole('button').all()) {
      const onTop = await button.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
      });
      expect(onTop, `nothing lies over "${await button.textContent()}"`).toBe(true);
    }
    await page.screenshot({ path: testShot('popup-above-modes.png') });
  });

  it('when a player selects a place at 1280x800, then the popup sums it up with its actions and the panel gives the details, with no fact in both', async () => {
    const page = await (await browser.context(await browser.game.demo(), DESKTOP)).newPage();
    await page.goto(browser.game.server.url);
    await mapReady(page);
    const territories = (await (await fetch(`${browser.game.server.url}/api/territories`)).json()) as TerritoryDto[];
    const lagos = territories.find((territory) => territory.name === 'Lagos')!;
    await clickTerritory(page, lagos);
    const popup = page.getByTestId('territory-info');
    const panel = page.getByTestId('territory-details');
    await expect.poll(() => popup.locator('h2').textContent()).toBe('Lagos');
    await expect.poll(() => panel.locator('.detail-name').textContent()).toBe('Lagos');
    const popupFacts = (await popup.locator('dt').allTextContents()).map((label) => label.trim());
    const panelFacts = (await panel.locator('dt').allTextContents()).map((label) => label.trim());
    console.log(`popup: ${popupFacts.join(', ')} | panel: ${panelFacts.join(', ')}`);
    expect(popupFacts).toEqual(expect.arrayContaining(['Type', 'Owner']));
    expect(panelFacts).toEqual(expect.arrayContaining(['Upgrade tier', 'Population']));
    // The owner is named in both, with a link to the profile: who owns it is what a click asks first.
    expect(popupFacts.filter((fact) => panelFacts.includes(fact) && fact !== 'Owner')).toEqual([]);
    expect(await popup.getByRole('button', { name: 'Trade' }).isVisible()).toBe(true);
    // Log out stays in the top bar on a wide screen; the drawer's copy is the phone's.
    expect(await page.getByTestId('left-sidebar').getByRole('button', { name: 'Log out' }).isVisible()).toBe(false);
    await page.mouse.move(DESKTOP.width - 20, DESKTOP.height / 2);
    await page.screenshot({ path: testShot('dashboard-player.png') });
    // The drawer does hold Log out: at a phone's width, opening the drawer shows it.
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await page.getByRole('button', { name: '☰ Menu' }).click();
    await expect.poll(() => page.getByTestId('left-sidebar').getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
  });
});
