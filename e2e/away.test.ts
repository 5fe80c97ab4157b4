import { describe, expect, it } from 'vitest';
import type { AwayPanelDto } from '../schema/api/away.ts';
import type { StatementLineDto, StatementPageDto } from '../schema/api/statement.ts';
import { payMonthlyEarnings } from '../game-server/commands/earnings-run.ts';
import { generateRentPeriod } from '../game-server/commands/rent-run.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';
import { testShot } from './support/test-shots.ts';

// The game's clock runs this far ahead of the real one: the test moves it to make an absence.
let ahead = 0;
const HOUR = 3_600_000;

describe('[§4 while you were away] the panel after a sale and a rent cycle', () => {
  const browser = browserGame({ clock: () => new Date(Date.now() + ahead) });

  it('when the seller comes back after two hours, then the panel shows each figure equal to its statement, links to its place, and one click dismisses it', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const deps = { sql, clock: () => new Date(Date.now() + ahead) };
    const seller = await signedInPlayer(game, { balance: 0, username: 'away-seller' });
    const buyer = await signedInPlayer(game, { balance: 3_000, username: 'away-buyer' });
    const vassal = await signedInPlayer(game, { balance: 500, username: 'away-vassal' });
    const [pair] = await sql<{ town: number; village: number; listed: number; listed_name: string }[]>`
      select t.id as town, v.id as village, l.id as listed, l.name as listed_name
        from territories t join territories v on v.parent_territory_id = t.id and v.type = 'village'
        join territories l on l.type = 'village' and l.owner_id is null and l.id <> v.id
       where t.type = 'town' and t.owner_id is null and v.owner_id is null
       order by t.id, v.id, l.id limit 1`;
    await sql`update territories set owner_id = ${seller.id} where id in ${sql([pair.town, pair.listed])}`;
    await sql`update territories set owner_id = ${vassal.id} where id = ${pair.village}`;
    expect((await seller.agent.request('PATCH', `/api/territories/${pair.listed}/listing`, { sale_price: 2_000 })).status).toBe(200);
    // The seller's game was open, then closed.
    expect((await seller.agent.post('/api/away/visit', {})).body).toEqual({ away: false });

    // Away: the listing sells, the rent cycle bills the vassal, who pays, and the month's earnings are paid.
    expect((await buyer.agent.post(`/api/territories/${pair.listed}/purchase`, {})).status).toBe(200);
    await generateRentPeriod(deps, '2031-H1');
    const [due] = await sql<
      { id: number }[]
    >`select id from rent_payments where payer_territory_id = ${pair.village} and period = '2031-H1'`;
    expect((await vassal.agent.post(`/api/rent/pay/${due.id}`, {})).status).toBe(200);
    await payMonthlyEarnings(deps, '2031-01');
    ahead = 2 * HOUR;

    const page = await (await browser.context(seller.agent)).newPage();
    await page.goto(game.server.url);
    const panel = page.getByTestId('away-panel');
    await panel.waitFor({ timeout: 30_000 });

    const { away } = (await seller.agent.get('/api/away')).body as AwayPanelDto;
    expect(away).not.toBeNull();
    const statement = (await seller.agent.get('/api/account/statement?limit=200')).body as StatementPageDto;
    const between = statement.lines.filter((line) => line.created_at >= away!.from && line.created_at < away!.to);
    const sum = (lines: StatementLineDto[]) => lines.reduce((total, line) => total + line.amount, 0);
    const statementFor: Record<string, number> = {
      sales: sum(between.filter((line) => line.reason === 'territory_purchase' && line.amount > 0)),
      rent_received: sum(between.filter((line) => line.reason === 'rent' && line.amount > 0)),
      earnings: sum(between.filter((line) => line.reason === 'earnings')),
    };
    expect(statementFor.sales).toBe(2_000);
    expect(statementFor.rent_received).toBeGreaterThan(0);

    const shown = await page.getByTestId('away-line').evaluateAll((items) =>
      items.map((item) => ({
        key: item.getAttribute('data-key'),
        amount: Number(item.getAttribute('data-amount')),
        text: item.textContent,
        href: item.querySelector('a')?.getAttribute('href'),
      })),
    );
    // A season always runs (docs/rules.md §10): the tasks the sale and the rent completed are a line of
    // their own, with no amount; every line of money equals its statement.
    const money = shown.filter((line) => line.key !== 'season_tasks');
    expect(money.map((line) => line.key)).toEqual(['earnings', 'rent_received', 'sales']);
    for (const line of money) expect(line.amount).toBe(statementFor[line.key!]);
    expect(shown.find((line) => line.key === 'sales')).toMatchObject({ text: 'Land sold: 2,000 DRK (1 sale)', href: '/account' });
    expect(shown.find((line) => line.key === 'rent_received')?.href).toBe('/rent');
    expect(shown.find((line) => line.key === 'earnings')?.href).toBe('/revenue');
    expect(Number(await page.getByTestId('away-net').getAttribute('data-amount'))).toBe(sum(between));
    expect(sum(between)).toBe(statement.balance);
    expect(await page.getByTestId('away-rank').textContent()).toMatch(/Wealth rank: unranked then, #\d+ now/);
    await page.screenshot({ path: testShot('away-panel.png') });

    await panel.getByRole('button', { name: 'Got it' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(async () => ((await seller.agent.get('/api/away')).body as AwayPanelDto).away).toBeNull();
    // Back within the hour: no panel.
    await page.reload();
    await page.getByTestId('balance').waitFor();
    expect(((await seller.agent.post('/api/away/visit', {})).body as { away: boolean }).away).toBe(false);
    expect(await page.getByTestId('away-panel').count()).toBe(0);
  });
});
