import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIEW_MARKERS } from '../schema/rules/viewport.ts';
import type { Sql } from '../game-server/infra/db/database.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { padWorld } from '../game-server/testing/pad-world.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { TEST_DEMO_PASSWORD } from '../game-server/testing/test-passwords.ts';
import { launchBrowser } from './support/browser.ts';
import { flyToTerritory, logIn, mapReady, mapSettled, markerPoint } from './support/pages.ts';

const DEMO = { username: 'sample', password: TEST_DEMO_PASSWORD };
const SIZE = 100_000;
const VIEWPORT = { width: 1280, height: 800 };
// At the deepest zoom (MAX_ZOOM 64) a 1280x800 map shows about this much of the globe, in degrees.
const DEEPEST_HALF_WIDTH = 2.9;
const DEEPEST_HALF_HEIGHT = 1.8;

// The world map over a world padded to 100,000 territories by SQL, as an operator's import would be:
// the home view draws clusters and the always-shown seat, a city close in draws its own markers, and
// a purchase there pulses on the map (docs/design.md "Live state").
describe('a map of 100,000 territories', () => {
  let game: TestServer;
  let sql: Sql;
  let chrome: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [game, chrome] = await Promise.all([
      startTestServer(testBackends()[0], { prepare: (fresh) => padWorld(fresh, SIZE) }),
      launchBrowser(),
    ]);
    sql = game.database.sql;
  }, 300_000);
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  async function open(): Promise<Page> {
    const context = await chrome.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    contexts.push(context);
    const page = await logIn(context, game.server.url, DEMO);
    await mapReady(page);
    return page;
  }
  const map = (page: Page) => page.getByTestId('map-canvas');
  const drawn = async (page: Page, attribute: 'data-clusters' | 'data-marker-count') => Number(await map(page).getAttribute(attribute));

  it('when the world holds 100,000 territories, then the home view draws clusters and the seat, a city close in its own markers, and a purchase there pulses', async () => {
    const page = await open();
    await expect.poll(() => drawn(page, 'data-clusters'), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await drawn(page, 'data-marker-count')).toBeLessThan(MAX_VIEW_MARKERS);

    const [seat] = await sql<{ id: number; name: string; latitude: string; longitude: string }[]>`
      select id, name, latitude::text, longitude::text from territories where type = 'wanakt'`;
    const point = await markerPoint(page, seat);
    await page.mouse.move(point.x - 30, point.y - 30);
    await page.mouse.move(point.x, point.y, { steps: 4 });
    await expect.poll(() => page.getByTestId('map-tooltip').textContent()).toContain(seat.name);

    // A seeded city whose surroundings, at the deepest zoom, hold few enough territories to be drawn one by one.
    const [city] = await sql<{ name: string; latitude: number; longitude: number; around: number }[]>`
      select c.name, c.latitude::float8 as latitude, c.longitude::float8 as longitude, count(t.id)::int as around
        from territories c join territories t
          on t.latitude between c.latitude - ${DEEPEST_HALF_HEIGHT} and c.latitude + ${DEEPEST_HALF_HEIGHT}
         and t.longitude between c.longitude - ${DEEPEST_HALF_WIDTH} and c.longitude + ${DEEPEST_HALF_WIDTH}
       where c.type = 'city' and c.seed_key is not null
       group by c.id having count(t.id) between 50 and ${MAX_VIEW_MARKERS - 100}
       order by count(t.id) desc limit 1`;
    expect(city).toBeDefined();
    await flyToTerritory(page, city.name);
    for (let step = 0; step < 12 && (await drawn(page, 'data-clusters')) > 0; step++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await mapSettled(page);
      // The view's territories arrive with no sign on the page that the answer is complete: the wait
      // lets them land before the clusters are counted again.
      await page.waitForTimeout(800);
    }
    await expect.poll(() => drawn(page, 'data-clusters'), { timeout: 15_000 }).toBe(0);
    const markers = await drawn(page, 'data-marker-count');
    expect(markers).toBeGreaterThan(20);
    expect(markers).toBeLessThanOrEqual(MAX_VIEW_MARKERS + 50);

    // Another player buys a padded territory in sight: the open map pulses its marker.
    const camera = await mapSettled(page);
    const [inView] = await sql<{ id: number }[]>`
      select id from territories
       where owner_id is null and sale_price is not null and seed_key is null
         and abs(latitude - ${city.latitude}) < 0.3 and abs(longitude - ${city.longitude}) < 0.3
       order by id limit 1`;
    expect(camera.zoom).toBeGreaterThan(8);
    const buyer = await signedInPlayer(game, { balance: 50_000 });
    expect((await buyer.agent.post(`/api/territories/${inView.id}/purchase`, {})).status).toBe(200);
    await expect.poll(() => map(page).getAttribute('data-pulsing'), { timeout: 20_000 }).toContain(String(inView.id));
  });
});
