import { describe, expect, it } from 'vitest';
import type { AwaySummaryDto } from '../schema/api/away.ts';
import type { StatementLineDto, StatementPageDto } from '../schema/api/statement.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';
import { testShot } from './support/test-shots.ts';

// The game's clock runs this far ahead of the real one: the test moves it a day and more.
let ahead = 0;
const HOUR = 3_600_000;

const sum = (lines: StatementLineDto[]) => lines.reduce((total, line) => total + line.amount, 0);

describe('[§4 since yesterday] the dashboard shows what changed in the last day', () => {
  const browser = browserGame({ clock: () => new Date(Date.now() + ahead) });

  it('when a player with a sale and an offer yesterday opens the game, then "Since yesterday" shows them, each figure equal to its statement, linking to its place', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const seller = await signedInPlayer(game, { balance: 50_000, username: 'daily-seller' });
    const buyer = await signedInPlayer(game, { balance: 10_000, username: 'daily-buyer' });
    const land = await sql<{ id: number }[]>`
      select id from territories where owner_id is null and sale_price <= 5000 and type not in ('wanakt', 'wonder') order by id limit 3`;
    for (const territory of land) expect((await seller.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
    const sell = async (territoryId: number, price: number) => {
      expect((await seller.agent.request('PATCH', `/api/territories/${territoryId}/listing`, { sale_price: price })).status).toBe(200);
      expect((await buyer.agent.post(`/api/territories/${territoryId}/purchase`, {})).status).toBe(200);
    };
    // Two days before the visit: land bought and one sale, out of the day's window.
    await sell(land[0].id, 1_000);
    // Yesterday: another sale and an offer on the seller's land.
    ahead = 20 * HOUR;
    await sell(land[1].id, 1_500);
    expect((await buyer.agent.post(`/api/territories/${land[2].id}/offers`, { amount: 700 })).status).toBe(201);
    ahead = 30 * HOUR;

    const page = await (await browser.context(seller.agent)).newPage();
    await page.goto(game.server.url);
    const card = page.getByTestId('since-yesterday');
    await card.getByTestId('since-yesterday-line').first().waitFor({ timeout: 30_000 });

    const day = (await seller.agent.get('/api/away/since-yesterday')).body as AwaySummaryDto;
    const statement = (await seller.agent.get('/api/account/statement?limit=200')).body as StatementPageDto;
    const between = statement.lines.filter((line) => line.created_at >= day.from && line.created_at < day.to);
    const before = statement.lines.find((line) => line.created_at < day.from);

    const shown = await card.getByTestId('since-yesterday-line').evaluateAll((items) =>
      items.map((item) => ({
        key: item.getAttribute('data-key'),
        amount: item.getAttribute('data-amount'),
        text: item.textContent,
        href: item.querySelector('a')?.getAttribute('href'),
      })),
    );
    // A season always runs (docs/rules.md §10): the tasks the sale completed are a line of their own.
    expect(shown.filter((line) => line.key !== 'season_tasks')).toEqual([
      {
        key: 'sales',
        amount: String(sum(between.filter((line) => line.reason === 'territory_purchase' && line.amount > 0))),
        text: 'Land sold: 1,500 DRK (1 sale)',
        href: '/account',
      },
      { key: 'offers_received', amount: '', text: 'Offers on your land: 1 offer, the best 700 DRK', href: '/marketplace' },
    ]);
    expect(Number(await card.getByTestId('since-yesterday-net').getAttribute('data-amount'))).toBe(sum(between));
    const balance = card.getByTestId('since-yesterday-balance');
    expect(Number(await balance.getAttribute('data-then'))).toBe(before?.running_balance);
    expect(Number(await balance.getAttribute('data-now'))).toBe(statement.balance);
    expect(await card.getByTestId('since-yesterday-rank').textContent()).toMatch(/#\d+ → #\d+/);
    await card.screenshot({ path: testShot('since-yesterday.png') });

    // Each line goes where its things are.
    await card.getByRole('link', { name: 'Offers on your land: 1 offer, the best 700 DRK' }).click();
    await page.waitForURL(/\/marketplace$/);
  });

  it('when a player with a quiet day opens the game, then "Since yesterday" says nothing changed and suggests what to do next', async () => {
    const { game } = browser;
    // Registered two days before the game's now, and nothing since.
    const quiet = await signedInPlayer(game, { balance: 300, username: 'daily-quiet', now: new Date(Date.now() + ahead - 48 * HOUR) });
    const page = await (await browser.context(quiet.agent)).newPage();
    await page.goto(game.server.url);
    const empty = page.getByTestId('since-yesterday-empty');
    await empty.waitFor({ timeout: 30_000 });
    expect(await empty.textContent()).toContain('Nothing changed on your account since yesterday.');
    const links = await empty.locator('a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(links).toEqual(['/marketplace', '/season', '/revenue']);
    const balance = page.getByTestId('since-yesterday-balance');
    expect([await balance.getAttribute('data-then'), await balance.getAttribute('data-now')]).toEqual(['300', '300']);
    expect(await page.getByTestId('since-yesterday-line').count()).toBe(0);
  });
});
