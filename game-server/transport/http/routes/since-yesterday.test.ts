import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwaySummaryDto } from '../../../../schema/api/away.ts';
import type { StatementLineDto, StatementPageDto } from '../../../../schema/api/statement.ts';
import type { Sql } from '../../../infra/db/database.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

type Player = { id: string; agent: TestAgent };
const HOUR = 3_600_000;

const sum = (lines: StatementLineDto[]) => lines.reduce((total, line) => total + line.amount, 0);

/** The player's statement as GET /api/account/statement answers it, and its lines inside the summary's window. */
async function statementFor(agent: TestAgent, summary: AwaySummaryDto) {
  const statement = (await agent.get('/api/account/statement?limit=200')).body as StatementPageDto;
  const between = statement.lines.filter((line) => line.created_at >= summary.from && line.created_at < summary.to);
  // Newest first: the last line before the window holds the balance the window starts from.
  const before = statement.lines.find((line) => line.created_at < summary.from);
  return { statement, between, balanceBefore: before?.running_balance ?? 0 };
}

for (const backend of testBackends()) {
  describe(`[§4 since yesterday] the summary of the last day on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let seller: Player;
    let buyer: Player;
    let bidder: Player;
    let land: { id: number; name: string }[];
    // The game's clock, moved forward by the test: the day's window is read from it.
    let offset = 0;
    const now = () => new Date(Date.now() + offset);

    // Two days ago the seller bought its land and sold one territory; yesterday it sold another,
    // received an offer and a bid.
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: now });
      sql = game.database.sql;
      seller = await signedInPlayer(game, { balance: 100_000, username: 'daily-seller' });
      buyer = await signedInPlayer(game, { balance: 10_000, username: 'daily-buyer' });
      bidder = await signedInPlayer(game, { balance: 10_000, username: 'daily-bidder' });
      land = await sql<{ id: number; name: string }[]>`
        select id, name from territories where owner_id is null and sale_price <= 5000 and type not in ('wanakt', 'wonder') order by id limit 4`;
      for (const territory of land) expect((await seller.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
      const sell = async (territoryId: number, price: number) => {
        expect((await seller.agent.request('PATCH', `/api/territories/${territoryId}/listing`, { sale_price: price })).status).toBe(200);
        expect((await buyer.agent.post(`/api/territories/${territoryId}/purchase`, {})).status).toBe(200);
      };
      await sell(land[0].id, 1_000);

      offset = 20 * HOUR;
      await sell(land[1].id, 1_500);
      expect((await buyer.agent.post(`/api/territories/${land[2].id}/offers`, { amount: 700 })).status).toBe(201);
      const auction = await seller.agent.post(`/api/territories/${land[3].id}/auctions`, { start_price: 500, duration_hours: 72 });
      expect(auction.status).toBe(201);
      expect((await bidder.agent.post(`/api/auctions/${auction.body.auction.id}/bids`, { amount: 600 })).status).toBe(201);

      offset = 30 * HOUR;
    }, 180_000);
    afterAll(() => game?.stop());

    const sinceYesterday = async (player: Player) => {
      const answer = await player.agent.get('/api/away/since-yesterday');
      expect(answer.status).toBe(200);
      return answer.body as AwaySummaryDto;
    };

    it("when the seller opens the game a day later, then each DRK figure equals its statement's lines over the same day, the balance then and now too, and the offer and the bid are counted", async () => {
      const summary = await sinceYesterday(seller);
      expect(Date.parse(summary.to) - Date.parse(summary.from)).toBe(24 * HOUR);
      const { statement, between, balanceBefore } = await statementFor(seller.agent, summary);
      const line = (key: string) => summary.lines.find((entry) => entry.key === key);

      // The sale two days ago and the land bought then are not in the day; yesterday's sale is.
      expect(line('sales')).toMatchObject({
        amount: sum(between.filter((entry) => entry.reason === 'territory_purchase' && entry.amount > 0)),
        count: 1,
        text: 'Land sold: 1,500 DRK (1 sale)',
        link: '/account',
      });
      expect(line('purchases')).toBeUndefined();
      expect(line('offers_received')).toMatchObject({
        count: 1,
        amount: null,
        text: 'Offers on your land: 1 offer, the best 700 DRK',
        link: '/marketplace',
      });
      expect(line('bids_received')).toMatchObject({
        count: 1,
        amount: null,
        text: 'Bids on your auctions: 1 bid, the highest 600 DRK',
        link: '/marketplace',
      });
      expect(summary.lines.filter((entry) => entry.key !== 'season_tasks').map((entry) => entry.key)).toEqual([
        'sales',
        'offers_received',
        'bids_received',
      ]);

      expect(summary.net).toBe(sum(between));
      expect(summary.balance).toEqual({ then: balanceBefore, now: statement.balance, link: '/account' });
      expect(summary.balance.now - summary.balance.then).toBe(summary.net);
      expect(summary.rank.link).toBe('/rankings');
      expect(summary.rank.now).toBeGreaterThan(0);
      if (summary.season) expect(summary.season.link).toBe('/season');
    });

    it('when the buyer looks, then the listing it bought and the DRK its offer holds are its day, equal to its statement', async () => {
      const summary = await sinceYesterday(buyer);
      const { statement, between, balanceBefore } = await statementFor(buyer.agent, summary);
      expect(summary.lines.find((entry) => entry.key === 'listings_bought')).toMatchObject({ amount: -1_500, count: 1 });
      expect(summary.lines.find((entry) => entry.key === 'other_out')?.amount).toBe(
        sum(between.filter((entry) => entry.reason === 'offer_hold')),
      );
      expect(summary.net).toBe(sum(between));
      expect(summary.balance).toMatchObject({ then: balanceBefore, now: statement.balance });
    });

    it('when a player had a quiet day, then the summary is still answered, with no lines and its balance unchanged; a visitor is refused', async () => {
      // Registered with its 250 DRK two days ago, by the game's clock, and nothing since.
      const quiet = await signedInPlayer(game, { balance: 250, username: 'daily-quiet', now: new Date(now().getTime() - 48 * HOUR) });
      const summary = await sinceYesterday(quiet);
      expect(summary).toMatchObject({ lines: [], net: 0 });
      expect(summary.balance).toMatchObject({ then: 250, now: 250 });
      expect((await game.agent().get('/api/away/since-yesterday')).status).toBe(401);
    });
  });
}
