import { describe, expect, it } from 'vitest';
import type { EconomyOverviewDto } from '../schema/api/economy.ts';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { TRADE_EXCLUSION_TEXT } from '../schema/rules/trade-filter.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { browserGame } from './support/browser-game.ts';
import { flyToTerritory, mapReady } from './support/pages.ts';
import { testShot } from './support/test-shots.ts';

// docs/rules.md §4 "Trades that count" in a real browser: two players pass a town there and back;
// the return is left out of the prices, and both the territory's panel and the open books say why.
describe('[§4 trades that count] a wash-trading pair sees why its trade does not count', () => {
  // The game's clock, moved past the open books' few seconds of cache before each read of them.
  let offset = 0;
  const browser = browserGame({ clock: () => new Date(Date.now() + offset) });
  /** Today's trades and median price of towns, and the price index, as the open books show them. */
  const townPrices = async () => {
    offset += 10_000;
    const overview = (await browser.game.agent().get<EconomyOverviewDto>('/api/economy')).body;
    const today = new Date(Date.now() + offset).toISOString().slice(0, 10);
    return { towns: overview.market_by_day.find((row) => row.day === today && row.territory_type === 'town'), index: overview.price_index };
  };

  it('when a town goes from one player to another and back, then its price history and the open books show the return as not counted, with why', async () => {
    const seller = await signedInPlayer(browser.game, { balance: 100_000, username: 'WashOne' });
    const buyer = await signedInPlayer(browser.game, { balance: 100_000, username: 'WashTwo' });
    const everyone = (await browser.game.agent().get<TerritoryDto[]>('/api/territories')).body;
    const town = everyone.find((territory) => territory.type === 'town' && territory.owner_id === null && territory.sale_price !== null)!;
    const price = town.sale_price!;
    expect((await seller.agent.post(`/api/territories/${town.id}/purchase`, {})).status).toBe(200);
    // The honest sale, at twice the price, is one more trade of the day and moves the median; the
    // return, at three times, moves nothing.
    const beforeSale = await townPrices();
    const pass = async (from: TestAgent, to: TestAgent, at: number) => {
      expect((await from.request('PATCH', `/api/territories/${town.id}/listing`, { sale_price: at })).status).toBe(200);
      expect((await to.post(`/api/territories/${town.id}/purchase`, { sale_price: at })).status).toBe(200);
    };
    await pass(seller.agent, buyer.agent, price * 2);
    const afterSale = await townPrices();
    expect(afterSale.towns!.trades).toBe(beforeSale.towns!.trades + 1);
    await pass(buyer.agent, seller.agent, price * 3);
    expect(await townPrices()).toEqual(afterSale);

    const page = await (await browser.context(seller.agent)).newPage();
    await page.goto(browser.game.server.url);
    await mapReady(page);
    await flyToTerritory(page, town.name);
    const history = page.getByTestId('price-history');
    await expect.poll(() => history.locator('li').count()).toBe(3);
    const newest = history.locator('li').first();
    expect(await newest.getByTestId('trade-not-counted').textContent()).toBe(`not counted: ${TRADE_EXCLUSION_TEXT.round_trip}`);
    expect(await history.getByTestId('trade-not-counted').count()).toBe(1);
    await page.getByTestId('territory-details').screenshot({ path: testShot('price-history-round-trip.png') });

    await page.goto(`${browser.game.server.url}/economy`);
    const leftOut = page.getByTestId('trades-left-out');
    await leftOut.getByText(town.name, { exact: false }).waitFor();
    expect(await leftOut.locator('[data-reason=round_trip]').count()).toBe(1);
    await leftOut.screenshot({ path: testShot('economy-trades-left-out.png') });
    // The town's region lists its towns' sales that count: the treasury's and the honest one, not the return.
    const towns = page.getByTestId('regional-price').filter({ hasText: 'Town' });
    await expect.poll(() => towns.count()).toBeGreaterThan(0);
    await page.getByTestId('regional-prices').screenshot({ path: testShot('economy-regional-prices.png') });

    await page.goto(`${browser.game.server.url}/players/WashTwo`);
    const trade = page.getByTestId('profile-trade').filter({ has: page.getByTestId('trade-not-counted') });
    await expect.poll(() => trade.count()).toBe(1);
    expect(await trade.textContent()).toContain(town.name);
  });
});
