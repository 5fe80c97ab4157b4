import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { markerPosition, projectToMap } from '../schema/rules/territory.ts';
import { territoryLink } from '../schema/routes.ts';
import { worldToScreen } from '../client/map/camera.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { TEST_DEMO_PASSWORD } from '../game-server/testing/test-passwords.ts';
import { launchBrowser } from './support/browser.ts';
import { flyToTerritory, isolated, logIn, mapReady, mapSettled, markerPoint } from './support/pages.ts';
import { colourDistance, pixelsAt } from './support/pixels.ts';

const DEMO = { username: 'sample', password: TEST_DEMO_PASSWORD };

// The world map in Chromium against the real server: geography, the camera, search, hover, live changes.
describe('a world worth owning', () => {
  let game: TestServer;
  let chrome: Browser;
  let everyone: TerritoryDto[];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    everyone = (await game.agent().get<TerritoryDto[]>('/api/territories')).body;
  });
  // Every open map keeps its WebGL context, so a test's browsers close when it ends.
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  async function open(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await chrome.newContext({ viewport, deviceScaleFactor: 1 });
    contexts.push(context);
    const page = await logIn(context, game.server.url, DEMO);
    await mapReady(page);
    return page;
  }

  /** Where a place on the globe is on the page, at the map's current camera. */
  async function onPage(page: Page, latitude: number, longitude: number) {
    const camera = await mapSettled(page);
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    const point = worldToScreen(camera, box, projectToMap(latitude, longitude));
    return { x: box.x + point.x, y: box.y + point.y };
  }

  it('when the map opens, then land is drawn: the Sahara and the middle of the Atlantic differ in colour', async () => {
    // open() waits for the map's first meaningful paint: the geography and the markers on the screen.
    const page = await open();
    const [atlantic, sahara, southAtlantic] = await pixelsAt(page, [
      await onPage(page, 30, -40),
      await onPage(page, 23, 10),
      await onPage(page, -20, -20),
    ]);
    expect(colourDistance(atlantic, southAtlantic)).toBeLessThan(12);
    expect(colourDistance(atlantic, sahara)).toBeGreaterThan(20);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    it(`when the window is ${viewport.width}x${viewport.height}, then the map fills its panel, with ocean and never the page's colour beside the world`, async () => {
      const page = await open(viewport);
      const canvas = (await page.locator('[data-testid=map-canvas] canvas').boundingBox())!;
      const area = (await page.locator('.map-area').boundingBox())!;
      expect(canvas.width).toBeCloseTo(area.width, 0);
      expect(canvas.height).toBeCloseTo(area.height, 0);
      await mapSettled(page);
      // The old letterbox was the page's own background colour: no pixel along the top and bottom edges shows it.
      const edges = [0.1, 0.3, 0.5, 0.7, 0.9].flatMap((f) => [
        { x: canvas.x + canvas.width * f, y: canvas.y + 2 },
        { x: canvas.x + canvas.width * f, y: canvas.y + canvas.height - 2 },
      ]);
      const pageBackground: [number, number, number] = [0x07, 0x0d, 0x17];
      for (const colour of await pixelsAt(page, edges)) expect(colourDistance(colour, pageBackground)).toBeGreaterThan(4);
    });
  }

  it('when a seeded city is searched for, then the camera flies to it and its marker is centred and selected', async () => {
    const page = await open();
    const vienna = everyone.find((t) => t.name === 'Vienna')!;
    await flyToTerritory(page, 'Vien');
    const camera = await mapSettled(page);
    const at = markerPosition(Number(vienna.latitude), Number(vienna.longitude));
    expect(Math.hypot(camera.centerX - at.x, camera.centerY - at.y)).toBeLessThan(0.01);
    expect(camera.zoom).toBeGreaterThan(1);
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    const marker = await markerPoint(page, vienna);
    expect(Math.abs(marker.x - (box.x + box.width / 2))).toBeLessThan(1);
    expect(Math.abs(marker.y - (box.y + box.height / 2))).toBeLessThan(1);
    await expect.poll(() => page.getByTestId('territory-info').locator('h2').textContent()).toBe('Vienna');
  });

  it("when a notice's link opens the map on a territory, then the camera flies to it and selects it, and the address drops the link", async () => {
    const page = await open();
    const vienna = everyone.find((t) => t.name === 'Vienna')!;
    await page.goto(`${game.server.url}${territoryLink(vienna.id)}`);
    await mapReady(page);
    await expect.poll(() => page.getByTestId('territory-info').locator('h2').textContent()).toBe('Vienna');
    const camera = await mapSettled(page);
    const at = markerPosition(Number(vienna.latitude), Number(vienna.longitude));
    expect(Math.hypot(camera.centerX - at.x, camera.centerY - at.y)).toBeLessThan(0.01);
    expect(new URL(page.url()).search).toBe('');
  });

  it('when the pointer rests on a marker, then a tooltip gives its name, type, owner and price', async () => {
    const page = await open();
    const wonder = isolated(
      everyone.filter((t) => t.type === 'wonder'),
      everyone,
    )[0];
    const point = await markerPoint(page, wonder);
    await page.mouse.move(point.x - 30, point.y - 30);
    await page.mouse.move(point.x, point.y, { steps: 4 });
    const tooltip = page.getByTestId('map-tooltip');
    await expect.poll(() => tooltip.textContent()).toContain(wonder.name);
    const text = (await tooltip.textContent()) ?? '';
    expect(text).toMatch(/wonder/i);
    expect(text).toContain(`Owner: ${wonder.owner_name ?? 'Available'}`);
    expect(text).toContain(`${(wonder.sale_price ?? wonder.price).toLocaleString('en-US')} DRK`);
    await page.mouse.move(point.x + 200, point.y + 120, { steps: 3 });
    await expect.poll(() => tooltip.count()).toBe(0);
  });

  it('when another player buys a territory in another browser context, then the open map pulses its marker', async () => {
    const page = await open();
    const buyer = await signedInPlayer(game, { balance: 50_000 });
    const [territory] = await game.database.sql<{ id: number }[]>`
      select id from territories where owner_id is null and sale_price is not null and sale_price <= 50000 order by id limit 1`;
    expect((await buyer.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
    await expect
      .poll(() => page.getByTestId('map-canvas').getAttribute('data-pulsing'), { timeout: 20_000 })
      .toContain(String(territory.id));
  });

  it('when the map zooms in on Europe, then more places are named and the close coastlines load', async () => {
    const page = await open();
    const far = Number(await page.getByTestId('map-canvas').getAttribute('data-labels'));
    await flyToTerritory(page, 'Vienna');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await mapSettled(page);
    await expect.poll(() => page.getByTestId('map-canvas').getAttribute('data-detail'), { timeout: 30_000 }).toBe('close');
    const names = Number(await page.getByTestId('map-canvas').getAttribute('data-labels'));
    expect(far).toBeGreaterThan(5);
    expect(names).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Show every territory' }).click();
    // Back to the home view, which at this size is further out than the world covering the panel.
    expect((await mapSettled(page)).zoom).toBeLessThan(1);
  });
});
