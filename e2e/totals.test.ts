import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID } from '../schema/constants.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchBrowser } from './support/browser.ts';
import { contextOf } from './support/session-context.ts';
import { figure, figures, sum } from './support/figures.ts';

// Each total on a screen is the sum of the parts shown beside it, read from the page.
describe('every total adds up on its screen', () => {
  let game: TestServer;
  let chrome: Browser;
  let wanakt: TestAgent;
  let demo: TestAgent;

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    [wanakt, demo] = await Promise.all([game.wanakt(), game.demo()]);
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  async function open(agent: TestAgent, path: string): Promise<Page> {
    const page = await (await contextOf(chrome, game.server.url, agent)).newPage();
    await page.goto(`${game.server.url}${path}`);
    return page;
  }

  it("when the Wanakt opens its revenue center, then the breakdown and the territory table each add up to the total monthly, and the wonders' line is what /wonders shows", async () => {
    const page = await open(wanakt, '/revenue');
    // The list that sums to the total (tribute stands apart in a list of its own: the payout does not include it).
    const breakdown = page
      .getByTestId('revenue-breakdown')
      .locator('ul.breakdown')
      .filter({ has: page.locator('[data-total]') });
    await breakdown.waitFor();
    const total = figure(await breakdown.locator('[data-total]').textContent());
    expect(total).toBeGreaterThan(0);
    expect(sum(await figures(breakdown.locator('[data-part]')))).toBe(total);

    const table = page.getByTestId('territory-revenue');
    expect(figure(await table.locator('[data-total]').textContent())).toBe(total);
    expect(sum(await figures(table.locator('[data-part]')))).toBe(total);
    const wonderLine = figure(await table.getByTestId('wonder-ad-line').textContent());

    await page.goto(`${game.server.url}/wonders`);
    const cards = page.getByTestId('wonder-ad-revenue');
    await cards.first().waitFor();
    expect(sum(await figures(cards))).toBe(wonderLine);
    await page.context().close();
  });

  it("when a player opens the map, then the revenue tracking's monthly revenue is its base, bonus, ads and tribute", async () => {
    for (const name of ['Tokyo', 'Mumbai']) {
      const [territory] = await game.database.sql<{ id: number }[]>`select id from territories where name = ${name} order by id limit 1`;
      expect((await wanakt.post(`/api/territories/${territory.id}/assign`, { userId: DEMO_USER_ID, price: 0 })).status).toBe(200);
    }
    const page = await open(demo, '/');
    const parts = page.getByTestId('revenue-parts');
    await parts.waitFor();
    const total = figure(await parts.locator('[data-total]').textContent());
    expect(total).toBeGreaterThan(0);
    expect(sum(await figures(parts.locator('[data-part]')))).toBe(total);

    await page.goto(`${game.server.url}/revenue`);
    await page.getByTestId('total-monthly').waitFor();
    expect(figure(await page.getByTestId('total-monthly').textContent())).toBe(total);
    await page.context().close();
  });

  it('when a player opens its statement, then each balance is the one before plus the amount, and the balance now is the newest', async () => {
    const [collectible] = await game.database.sql<
      { id: number }[]
    >`select id from collectibles where owner_id is null order by price limit 1`;
    expect((await demo.post(`/api/collectibles/${collectible.id}/purchase`, { userId: DEMO_USER_ID })).status).toBe(200);
    const page = await open(demo, '/account');
    const lines = page.getByTestId('statement-line');
    await lines.first().waitFor();
    const amounts = await figures(lines.locator('[data-part]'));
    const balances = await figures(lines.locator('[data-total]'));
    expect(amounts.length).toBeGreaterThanOrEqual(2);
    // Newest first: a line's balance is the older line's balance plus its own amount.
    for (let index = 0; index < balances.length - 1; index++)
      expect(balances[index], `line ${index}`).toBe(balances[index + 1] + amounts[index]);
    expect(figure(await page.getByTestId('statement-balance').textContent())).toBe(balances[0]);
    await page.context().close();
  });
});
