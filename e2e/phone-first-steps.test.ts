import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT } from '../schema/constants.ts';
import { STARTER_PRICE } from '../schema/rules/first-steps.ts';
import { coverScale } from '../client/map/camera.ts';
import { browserGame } from './support/browser-game.ts';
import { overlap, type Box } from './support/boxes.ts';
import { mapReady, mapSettled, register } from './support/pages.ts';
import { testShot } from './support/test-shots.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} is not on the page`);
  return box;
}

/** Whether the element lies wholly in the viewport, above the test-mode ribbon when it is shown. */
async function inSight(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await boxOf(locator, what);
  const ribbon = await page.getByTestId('test-mode-ribbon').boundingBox();
  const bottom = ribbon ? ribbon.y : page.viewportSize()!.height;
  expect(box.x, what).toBeGreaterThanOrEqual(-0.5);
  expect(box.y, what).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, what).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
  expect(box.y + box.height, what).toBeLessThanOrEqual(bottom + 0.5);
}

/**
 * Nothing lies over the control: the element at the middle of its box is the control itself (not the
 * test-mode ribbon, a sheet or a panel), and the ribbon, where payments are simulated, is clear of it.
 */
async function uncovered(page: Page, controls: Locator): Promise<void> {
  const ribbon = await page.getByTestId('test-mode-ribbon').boundingBox();
  for (const control of await controls.all()) {
    const what = `"${(await control.textContent())?.trim() || (await control.getAttribute('aria-label'))}"`;
    const box = await boxOf(control, what);
    if (ribbon) expect(overlap(box, ribbon), `the ribbon covers ${what}`).toBe(false);
    // What lies there instead, named by its tag, test id and class, so a failure says what covers it.
    const onTop = await control.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      if (hit !== null && element.contains(hit)) return 'the control';
      const cover = hit?.closest('[data-testid], [class]') ?? hit;
      return cover
        ? `${cover.tagName.toLowerCase()} ${cover.getAttribute('data-testid') ?? ''} .${cover.getAttribute('class') ?? ''}`
        : 'nothing';
    });
    expect(onTop, `what lies over ${what}`).toBe('the control');
  }
}

/** The dashboard ends above the test-mode ribbon, so the ribbon can cover none of its controls. */
async function dashboardAboveRibbon(page: Page): Promise<void> {
  const ribbon = await page.getByTestId('test-mode-ribbon').boundingBox();
  if (!ribbon) return;
  const dashboard = await boxOf(page.locator('.dashboard'), 'the dashboard');
  expect(dashboard.y + dashboard.height).toBeLessThanOrEqual(ribbon.y + 0.5);
}

// docs/rules.md, First steps: a newcomer may take one small territory from the starting grant. The
// offer is on the first screen at any size (on a phone a sheet over the map, not behind ☰ Menu), and
// after the claim the same screen says what the land earns and what to do next.
describe("[first steps] a newcomer's first screen on a phone and on a wide screen", () => {
  const browser = browserGame();

  for (const viewport of [PHONE, DESKTOP]) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`when a newcomer registers at ${size}, then the first screen offers the first territory, and after the claim says what it earns and what to do next`, async () => {
      const { game } = browser;
      const context = await browser.context(undefined, viewport);
      const { page } = await register(context, game.server.url, { username: `Newcomer${viewport.width}`, password: 'first-steps-pass' });
      await page.goto(game.server.url);
      const phone = viewport === PHONE;
      const welcome = page.getByTestId('first-steps');
      await welcome.getByText('Welcome! Pick your first territory').waitFor();
      await mapReady(page);
      const camera = await mapSettled(page);

      // On the first screen, with the menu closed.
      expect(await page.locator('.dashboard').getAttribute('data-drawer')).toBe('none');
      const choice = welcome.getByTestId('starter-choice').first();
      const claimButton = choice.getByRole('button', { name: `Claim for ${STARTER_PRICE} DRK` });
      await inSight(page, welcome.locator('h2'), 'the welcome');
      await inSight(page, claimButton, 'the first Claim button');

      const map = await boxOf(page.getByTestId('map-canvas'), 'the map');
      const zoom = await boxOf(page.getByRole('group', { name: 'Zoom' }), 'the zoom buttons');
      if (phone) {
        const sheet = await boxOf(page.getByTestId('first-steps-sheet'), 'the first steps sheet');
        // A sheet, not a wall: the map keeps a good part of the screen above it.
        expect(sheet.y - map.y, 'the map above the sheet').toBeGreaterThanOrEqual(map.height * 0.4);
        expect(overlap(zoom, sheet), 'the zoom buttons and the sheet').toBe(false);
        // The world fills the map's height rather than a strip across its middle.
        const worldHeight = MAP_HEIGHT * coverScale({ width: map.width, height: map.height }) * camera.zoom;
        console.log(`phone: map ${Math.round(map.height)} px high, the world ${Math.round(worldHeight)} px of it`);
        expect(worldHeight).toBeGreaterThanOrEqual(map.height - 1);
      }
      expect(overlap(zoom, map) && zoom.x >= map.x && zoom.x + zoom.width <= map.x + map.width, 'the zoom buttons on the map').toBe(true);
      await dashboardAboveRibbon(page);
      await uncovered(page, claimButton.or(page.getByRole('group', { name: 'Zoom' }).getByRole('button')));
      await page.screenshot({ path: testShot(`first-steps-${size}-offer.png`) });

      const name = (await choice.locator('.starter-name').textContent())!;
      const offered = (await choice.locator('[data-figure=monthly_earnings]').textContent())!;
      await claimButton.click();
      const confirm = choice.getByTestId('confirm-spend');
      const confirmButton = confirm.getByRole('button', { name: `Claim ${name}` });
      await confirmButton.scrollIntoViewIfNeeded();
      await inSight(page, confirmButton, 'the confirmation');
      await uncovered(page, confirmButton);
      await confirmButton.click();

      // What it earns (the one monthly earnings figure, schema/rules/figures.ts) and what to do next.
      await welcome.getByText(`${name} is yours`).waitFor();
      expect(await welcome.locator('[data-figure=monthly_earnings]').textContent()).toBe(offered);
      await expect.poll(() => page.getByTestId('my-territories').locator('[data-figure=monthly_earnings]').textContent()).toBe(offered);
      const next = welcome.locator('.first-steps-list li');
      expect(await next.count()).toBeGreaterThanOrEqual(3);
      await inSight(page, welcome.getByText(`${name} is yours`), 'what the land earns');
      await inSight(page, next.first(), 'the first next step');
      const gotIt = welcome.getByRole('button', { name: 'Got it' });
      await gotIt.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testShot(`first-steps-${size}-claimed.png`) });
      await uncovered(page, gotIt);

      await gotIt.click();
      await welcome.waitFor({ state: 'detached' });
      // The claimed land's popup, with its owner's Manage row, clear of the zoom buttons and the ribbon.
      const popup = page.getByTestId('territory-info');
      await expect.poll(() => popup.locator('h2').textContent()).toBe(name);
      await expect.poll(() => popup.locator('[data-figure=monthly_earnings]').textContent()).toBe(`${offered} / month`);
      await mapSettled(page);
      const manage = popup.getByLabel('Owner actions');
      await manage.scrollIntoViewIfNeeded();
      await inSight(page, manage, 'Manage');
      await uncovered(page, manage.locator('.section-label, button'));
      const zoomNow = await boxOf(page.getByRole('group', { name: 'Zoom' }), 'the zoom buttons');
      expect(overlap(zoomNow, await boxOf(popup, 'the popup')), 'the popup and the zoom buttons').toBe(false);
      await page.screenshot({ path: testShot(`first-steps-${size}-manage.png`) });
    });
  }

  it('when a newcomer closes the first steps on a phone, then the map has the screen and the offer waits in ☰ Menu', async () => {
    const { game } = browser;
    const { page } = await register(await browser.context(undefined, PHONE), game.server.url, {
      username: 'LaterNewcomer',
      password: 'first-steps-pass',
    });
    await page.goto(game.server.url);
    const sheet = page.getByTestId('first-steps-sheet');
    await sheet.getByText('Welcome! Pick your first territory').waitFor();
    await sheet.getByRole('button', { name: 'Close first steps' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '☰ Menu' }).click();
    const inMenu = page.getByTestId('left-sidebar').getByTestId('first-steps');
    await inMenu.getByText('Welcome! Pick your first territory').waitFor();
    await expect
      .poll(() =>
        inMenu
          .getByRole('button', { name: `Claim for ${STARTER_PRICE} DRK` })
          .first()
          .isVisible(),
      )
      .toBe(true);
  });
});
