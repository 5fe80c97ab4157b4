import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevenueSummaryDto } from '../schema/api/revenue.ts';
import { DEMO_USER_ID, WANAKT_USER_ID } from '../schema/constants.ts';
import { earningsMonthOf } from '../schema/rules/earnings.ts';
import { payMonthlyEarnings } from '../game-server/commands/earnings-run.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchBrowser } from './support/browser.ts';
import { figure, figures, sum } from './support/figures.ts';
import { contextOf } from './support/session-context.ts';

const SAMPLE_HOLDINGS = ['Tokyo', 'Mumbai', 'Sydney', 'Lagos'];

// A figure of one name is one number on every screen that shows it, and it is what the
// earnings job pays into the ledger for the month; rent is what the next cycle bills.
describe('figures a player can trust, in a real browser', () => {
  let game: TestServer;
  let chrome: Browser;
  let wanakt: TestAgent;

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    wanakt = await game.wanakt();
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  const sql = () => game.database.sql;

  async function open(agent: TestAgent | null, path: string): Promise<Page> {
    const page = await (await contextOf(chrome, game.server.url, agent)).newPage();
    await page.goto(`${game.server.url}${path}`);
    return page;
  }

  const summaryOf = async (agent: TestAgent, userId: string) =>
    (await agent.get(`/api/revenue/summary/${userId}`)).body as RevenueSummaryDto;

  /** What the ledger holds as a month's earnings paid to a player. */
  async function paidInLedger(userId: string, month: string): Promise<number> {
    const [row] = await sql()<{ amount: string }[]>`
      select coalesce(sum(amount), 0)::text as amount from ledger where reason = 'earnings' and to_user_id = ${userId} and reference like ${`${month}:%`}`;
    return Number(row.amount);
  }

  /** /revenue: the breakdown and the table each add up to the monthly earnings, which is the API's. */
  async function revenueCenterShows(page: Page, summary: RevenueSummaryDto): Promise<void> {
    await page.goto(`${game.server.url}/revenue`);
    const breakdown = page.getByTestId('revenue-breakdown');
    await breakdown.getByTestId('total-monthly').waitFor();
    const total = figure(await breakdown.getByTestId('total-monthly').textContent());
    expect(total).toBe(summary.total_monthly);
    expect(sum(await figures(breakdown.locator('ul.breakdown [data-part]')))).toBe(total);
    expect(figure(await breakdown.getByTestId('tribute').textContent())).toBe(summary.feudal_tribute);
    const table = page.getByTestId('territory-revenue');
    expect(figure(await table.locator('[data-total]').textContent())).toBe(total);
    expect(sum(await figures(table.locator('[data-part]')))).toBe(total);
  }

  async function profileShows(page: Page, username: string, figureKey: string): Promise<number> {
    await page.goto(`${game.server.url}/players/${encodeURIComponent(username)}`);
    const value = page.locator(`section[aria-label="Earnings"] [data-figure="${figureKey}"]`);
    await value.waitFor();
    return figure(await value.textContent());
  }

  it('when the Wanakt looks at a fresh world, then /revenue, its dashboard and its profile show one monthly earnings, and the month pays exactly that', async () => {
    const summary = await summaryOf(wanakt, WANAKT_USER_ID);
    expect(summary.total_monthly).toBeGreaterThan(0);
    const page = await open(wanakt, '/revenue');
    await revenueCenterShows(page, summary);
    expect(await profileShows(page, 'wanakt', 'monthly_earnings')).toBe(summary.total_monthly);
    await page.goto(`${game.server.url}/`);
    const optimisation = page.getByTestId('revenue-optimization').locator('[data-figure="monthly_earnings"]');
    await optimisation.waitFor();
    expect(figure(await optimisation.textContent())).toBe(summary.total_monthly);

    await payMonthlyEarnings({ sql: sql(), clock: () => new Date() }, '2031-01');
    expect(await paidInLedger(WANAKT_USER_ID, '2031-01')).toBe(summary.total_monthly);
    await page.context().close();
  });

  it('when the demo world is seeded, then the Wanakt and the demo player each see one monthly earnings that the month pays', async () => {
    for (const name of SAMPLE_HOLDINGS) {
      const [territory] = await sql()<{ id: number }[]>`select id from territories where name = ${name} order by id limit 1`;
      expect((await wanakt.post(`/api/territories/${territory.id}/assign`, { userId: DEMO_USER_ID, price: 0 })).status).toBe(200);
    }
    const demo = await game.demo();
    const expected = { wanakt: await summaryOf(wanakt, WANAKT_USER_ID), demo: await summaryOf(demo, DEMO_USER_ID) };
    const page = await open(wanakt, '/revenue');
    await revenueCenterShows(page, expected.wanakt);
    await page.context().close();
    const demoPage = await open(demo, '/revenue');
    await revenueCenterShows(demoPage, expected.demo);
    expect(await profileShows(demoPage, 'sample', 'monthly_earnings')).toBe(expected.demo.total_monthly);
    await demoPage.context().close();

    await payMonthlyEarnings({ sql: sql(), clock: () => new Date() }, '2031-02');
    expect(await paidInLedger(WANAKT_USER_ID, '2031-02')).toBe(expected.wanakt.total_monthly);
    expect(await paidInLedger(DEMO_USER_ID, '2031-02')).toBe(expected.demo.total_monthly);
  });

  it('when a player holds an upgraded town with a vassal, then My Territories, the map panel, /revenue, the profile and /rankings agree, and the ledger pays it', async () => {
    const player = await signedInPlayer(game, { balance: 5_000, username: 'figures-lord' });
    const vassal = await signedInPlayer(game, { balance: 0, username: 'figures-vassal' });
    const [town] = await sql()<{ id: number; name: string; village: number }[]>`
      select t.id, t.name, v.id as village from territories t join territories v on v.parent_territory_id = t.id
       where t.type = 'town' and t.owner_id is null and v.type = 'village' and v.owner_id is null order by t.id limit 1`;
    expect((await wanakt.post(`/api/territories/${town.id}/assign`, { userId: player.id, price: 0 })).status).toBe(200);
    expect((await player.agent.post(`/api/territories/${town.id}/upgrade`, { upgrade_tier: 'premium' })).status).toBe(200);
    expect((await wanakt.post(`/api/territories/${town.village}/assign`, { userId: vassal.id, price: 0 })).status).toBe(200);
    const summary = await summaryOf(player.agent, player.id);
    const line = summary.territories.find((territory) => territory.territory_id === town.id)!;
    expect(line.multiplier_bonus).toBeGreaterThan(0);
    expect(summary.feudal_tribute).toBeGreaterThan(0);

    const page = await open(player.agent, '/');
    const card = page.getByTestId('my-territories').getByTestId('territory-card').filter({ hasText: town.name });
    await expect.poll(async () => figure(await card.locator('[data-figure="monthly_earnings"]').textContent())).toBe(line.to_owner);
    expect(figure(await card.locator('[data-figure="base_revenue"]').textContent())).toBe(line.base);
    await card.locator('.card-main').click();
    const panel = page.getByTestId('territory-info');
    await expect.poll(async () => figure(await panel.locator('[data-figure="monthly_earnings"]').textContent())).toBe(line.to_owner);
    expect(figure(await panel.locator('[data-figure="base_revenue"]').textContent())).toBe(line.base);
    const tracking = page.getByTestId('revenue-parts');
    expect(figure(await tracking.locator('[data-figure="monthly_earnings"]').textContent())).toBe(summary.total_monthly);
    expect(figure(await tracking.locator('[data-figure="tribute"]').textContent())).toBe(summary.feudal_tribute);

    await revenueCenterShows(page, summary);
    const row = page.getByTestId('territory-revenue').locator(`tr[data-territory="${town.name}"]`);
    for (const [key, value] of [
      ['base_revenue', line.base],
      ['multiplier_bonus', line.multiplier_bonus],
      ['ad_revenue', line.ad_revenue],
      ['monthly_earnings', line.to_owner],
    ] as const) {
      expect(figure(await row.locator(`[data-figure="${key}"]`).textContent()), key).toBe(value);
    }
    expect(await profileShows(page, 'figures-lord', 'monthly_earnings')).toBe(summary.total_monthly);

    // The last month is the one /rankings shows; the job pays it now, as the schedule would have.
    const now = new Date();
    const lastMonth = earningsMonthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    await payMonthlyEarnings({ sql: sql(), clock: () => now }, lastMonth);
    expect(await paidInLedger(player.id, lastMonth)).toBe(summary.total_monthly);
    expect(await profileShows(page, 'figures-lord', 'earnings_paid_30d')).toBe(summary.total_monthly);
    await page.goto(`${game.server.url}/rankings`);
    await page.getByRole('tab', { name: 'Earnings' }).click();
    await expect
      .poll(async () => figure(await page.locator('tr[data-you="true"] [data-figure="earnings_paid_month"]').textContent()))
      .toBe(summary.total_monthly);
    await page.context().close();
  });

  it('when rent is shown before the cycle, then the map, /rent and the dashboard say what the cycle bills, for an owned lord and an unowned one', async () => {
    const lord = await signedInPlayer(game, { balance: 0, username: 'rent-lord' });
    const tenant = await signedInPlayer(game, { balance: 0, username: 'rent-tenant' });
    const [owned, orphan] = await sql()<{ id: number; name: string; lord: number }[]>`
      select v.id, v.name, v.parent_territory_id as lord from territories v join territories t on t.id = v.parent_territory_id
       where v.type = 'village' and v.owner_id is null and t.owner_id is null order by v.id limit 2 offset 3`;
    expect((await wanakt.post(`/api/territories/${owned.lord}/assign`, { userId: lord.id, price: 0 })).status).toBe(200);
    for (const village of [owned, orphan])
      expect((await wanakt.post(`/api/territories/${village.id}/assign`, { userId: tenant.id, price: 0 })).status).toBe(200);

    const page = await open(tenant.agent, '/');
    const shown = new Map<string, number[]>();
    for (const village of [owned, orphan]) {
      await page
        .getByTestId('my-territories')
        .getByTestId('territory-card')
        .filter({ hasText: village.name })
        .locator('.card-main')
        .click();
      const rent = page.getByTestId('territory-details').getByTestId('territory-rent');
      await expect.poll(() => rent.getAttribute('data-amount')).not.toBeNull();
      await expect
        .poll(async () => (await page.getByTestId('territory-details').locator('.detail-name').textContent()) === village.name)
        .toBe(true);
      shown.set(village.name, [Number(await rent.getAttribute('data-amount'))]);
      if (village === orphan) expect(await rent.textContent()).toContain('goes to nobody');
    }
    const rentOut = figure(await page.getByTestId('rent-out').textContent());
    await page.goto(`${game.server.url}/rent`);
    const flows = page.getByTestId('period-rent-flow');
    // Both the waterfall and the feudal tree answer before the list is whole; a loaded machine is slow.
    await expect.poll(() => flows.count(), { timeout: 30_000 }).toBe(2);
    for (const village of [owned, orphan])
      shown.get(village.name)!.push(Number(await flows.filter({ hasText: village.name }).getAttribute('data-amount')));
    await page.context().close();

    expect((await wanakt.post('/api/rent/generate')).status).toBe(200);
    const billed = await sql()<{ payer_territory_id: number; amount: string }[]>`
      select payer_territory_id, amount::text from rent_payments where payer_id = ${tenant.id}`;
    const billedOf = (id: number) => Number(billed.find((payment) => payment.payer_territory_id === id)?.amount ?? 0);
    expect(billedOf(owned.id)).toBeGreaterThan(0);
    expect(shown.get(owned.name)).toEqual([billedOf(owned.id), billedOf(owned.id)]);
    expect(shown.get(orphan.name)).toEqual([0, 0]);
    expect(billedOf(orphan.id)).toBe(0);
    expect(rentOut).toBe(billedOf(owned.id));
  });
});
