import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../game-server/testing/databases.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchBrowser } from './support/browser.ts';
import { contextOf } from './support/session-context.ts';

// Screens that stay open while another player acts: each shows the change without a reload.
describe('[live screens] what another player does shows on an open page', () => {
  let game: TestServer;
  let chrome: Browser;
  const contexts: BrowserContext[] = [];
  const toast = (page: Page) => page.locator('.toast').last();

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  const openAs = async (agent: Parameters<typeof contextOf>[2], path: string) => {
    const context = await contextOf(chrome, game.server.url, agent);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${game.server.url}${path}`);
    // Nothing below may reload the page: the marker survives only if it does not.
    await page.evaluate(() => Object.assign(window, { openedOnce: true }));
    return page;
  };
  const neverReloaded = (page: Page) => page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce === true);

  it('when a listing is bought in one browser, then it disappears from the marketplace open in another, and the counters follow', async () => {
    const watcher = await openAs(null, '/marketplace');
    const cheapest = watcher.getByTestId('listing').first();
    await cheapest.waitFor({ timeout: 30_000 });
    const name = (await cheapest.locator('h3').textContent())!;
    const count = Number(await watcher.getByTestId('listing-count').textContent());
    await expect.poll(() => watcher.getByTestId('market-trades').textContent(), { timeout: 10_000 }).toContain('No sales yet');

    const buyer = await signedInPlayer(game, { balance: 100_000, username: 'live-buyer' });
    const buying = await openAs(buyer.agent, '/marketplace');
    const listing = buying.getByTestId('listing').filter({ hasText: name });
    await listing.getByRole('button', { name: `Buy ${name}` }).click();
    await buying
      .getByTestId('purchase-dialog')
      .getByRole('button', { name: /Buy for/ })
      .click();
    await expect.poll(() => toast(buying).textContent()).toContain('Purchase Successful!');

    await expect.poll(() => watcher.getByTestId('listing-count').textContent(), { timeout: 10_000 }).toBe(String(count - 1));
    await expect.poll(() => watcher.getByTestId('listing').filter({ hasText: name }).count()).toBe(0);
    await expect.poll(() => watcher.getByTestId('market-trades').textContent(), { timeout: 10_000 }).toContain('Trades, last 30 days1');
    expect(await neverReloaded(watcher)).toBe(true);
  });

  it("when a player's broadcast goes out, then another player's open dashboard shows the sender and the message", async () => {
    const reader = await signedInPlayer(game, { username: 'live-reader' });
    const dashboard = await openAs(reader.agent, '/');
    await expect.poll(() => dashboard.getByTestId('map-canvas').getAttribute('data-marker-count'), { timeout: 30_000 }).not.toBeNull();
    // A broadcast sent before the page joined the room is its first state, shown without a toast.
    await expect.poll(() => dashboard.getByTestId('live-status').getAttribute('data-state'), { timeout: 30_000 }).toBe('live');

    // The sender pays with the sandbox's test card, as the broadcast screen does: the payment sends it.
    const sender = await game.demo();
    const message = 'Hear ye, the market opens at dawn';
    const payment = await sender.post('/api/broadcasts/payment', { userId: 'sample-user', message });
    expect(payment.status).toBe(201);
    expect((await sender.post('/api/payments/sandbox/confirm', { ...payment.body, outcome: 'succeed' })).body.status).toBe('succeeded');

    await expect.poll(() => toast(dashboard).textContent(), { timeout: 10_000 }).toContain('Broadcast from sample');
    expect(await toast(dashboard).textContent()).toContain('Hear ye, the market opens at dawn');
    expect(await neverReloaded(dashboard)).toBe(true);
  });

  it('when the Wanakt generates the rent cycle, then the payment appears on the open /rent page of the player who owes it', async () => {
    const payer = await signedInPlayer(game, { username: 'live-payer', balance: 5_000 });
    const wanakt = await game.wanakt();
    // A main city always owes the Wanakt its rent, whoever holds the land around it.
    const [city] = await game.database.sql<{ id: number; name: string }[]>`
      select id, name from territories where type = 'main' and owner_id is null order by id limit 1`;
    expect((await wanakt.post(`/api/territories/${city.id}/assign`, { userId: payer.id, price: 0 })).status).toBe(200);

    const rent = await openAs(payer.agent, '/rent');
    await expect
      .poll(() => rent.getByTestId('upcoming-payments').textContent(), { timeout: 30_000 })
      .toContain('No upcoming rent payments');

    expect((await wanakt.post('/api/rent/generate', {})).status).toBe(200);
    await expect.poll(() => rent.getByTestId('rent-payment').first().textContent(), { timeout: 10_000 }).toContain(city.name);
    expect(await neverReloaded(rent)).toBe(true);
  });
});
