import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../game-server/testing/databases.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchBrowser } from './support/browser.ts';

// The built client in Chromium, joined to the real world room: what another tab does reaches it live.
describe('the dashboard follows the live world', () => {
  let game: TestServer;
  let chrome: Browser;
  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  it('when the player buys a territory from another tab, then the open dashboard shows the new count and balance without reloading or asking REST', async () => {
    // The dashboard and the other tab are one player: the same session.
    const otherTab = await game.demo();
    const [name, value] = otherTab.cookieHeader.split('=');
    const context = await chrome.newContext();
    await context.addCookies([{ name, value, url: game.server.url }]);
    const page = await context.newPage();
    await page.goto(`${game.server.url}/`);
    await expect.poll(() => page.getByTestId('map-canvas').getAttribute('data-marker-count'), { timeout: 30_000 }).not.toBeNull();
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('5,000');
    await expect.poll(() => page.getByTestId('territory-count').textContent()).toBe('0');
    await page.evaluate(() => Object.assign(window, { beforeThePurchase: true }));
    const restReads: string[] = [];
    // The list and the account come from the room. Reads the room does not carry (the hierarchy's
    // rent figures, derived on the server from who owns what) are read again when an owner changes.
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/territories' || pathname === '/api/auth/session') restReads.push(request.url());
    });

    const [territory] = await game.database.sql<{ id: number; sale_price: number }[]>`
      select id, sale_price::int from territories where owner_id is null and sale_price <= 5000 order by sale_price desc limit 1`;
    expect((await otherTab.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);

    await expect.poll(() => page.getByTestId('territory-count').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain((5000 - territory.sale_price).toLocaleString('en-US'));
    expect(await page.evaluate(() => (window as unknown as { beforeThePurchase?: boolean }).beforeThePurchase)).toBe(true);
    expect(restReads).toEqual([]);
    await context.close();
  });

  it('when the Wanakt founds a settlement, then the open map shows it, and the client reads only the changes since its world sequence number', async () => {
    const context = await chrome.newContext();
    const page = await context.newPage();
    const markers = () => page.getByTestId('map-canvas').getAttribute('data-marker-count');
    await page.goto(`${game.server.url}/`);
    await expect.poll(markers, { timeout: 30_000 }).not.toBeNull();
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-state'), { timeout: 30_000 }).toBe('live');
    const before = Number(await markers());
    const worldReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/territories') worldReads.push(`${url.pathname}${url.search}`);
    });

    const wanakt = await game.wanakt();
    expect(
      (
        await wanakt.post('/api/admin/create-territory', {
          name: 'Sequence Harbour',
          latitude: 12,
          longitude: 34,
          type: 'main',
          basePrice: 5000,
        })
      ).status,
    ).toBe(201);

    await expect.poll(markers).toBe(String(before + 1));
    expect(worldReads).toHaveLength(1);
    expect(worldReads[0]).toMatch(/^\/api\/territories\?since=\d+$/);
    await context.close();
  });
});
