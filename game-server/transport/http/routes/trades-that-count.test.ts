import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OwnershipChangeDto } from '../../../../schema/api/territories.ts';
import type { EconomyOverviewDto } from '../../../../schema/api/economy.ts';
import type { PlayerProfileDto } from '../../../../schema/api/profiles.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

type Player = { id: string; agent: TestAgent };
type Land = { id: number; name: string; type: string; price: number };

// docs/rules.md §4 "Trades that count": every sale between players is judged as it happens; the
// ones the published filter leaves out keep why, stay out of the prices, and are listed with it.
for (const backend of testBackends()) {
  describe(`[§4 trades that count] wash trades and the prices on ${backend.name}`, () => {
    // The game's clock: each read of the open books moves it past their few seconds of cache.
    let now = new Date('2026-05-04T10:00:00Z');
    let game: TestServer;
    let sql: Sql;
    let names = 0;

    const player = (): Promise<Player> => signedInPlayer(game, { balance: 200_000, now, username: `trader-${(names += 1)}` });
    /** Unowned territories of one type the treasury sells at their price, none of them taken before. */
    const treasuryLand = async (type: string, count: number): Promise<Land[]> => {
      const rows = await sql<{ id: number; name: string; type: string; price: string }[]>`
        select id, name, type, price::text from territories
         where owner_id is null and type = ${type} and price > 0
           and id not in (select territory_id from ownership_changes)
         order by id limit ${count}`;
      expect(rows.length).toBe(count);
      await sql`update territories set sale_price = price where id in ${sql(rows.map((row) => row.id))}`;
      return rows.map((row) => ({ ...row, price: Number(row.price) }));
    };
    const buy = async (buyer: Player, land: Land, price: number) => {
      const response = await buyer.agent.post(`/api/territories/${land.id}/purchase`, { sale_price: price });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    const sell = async (seller: Player, buyer: Player, land: Land, price: number) => {
      const listed = await seller.agent.request('PATCH', `/api/territories/${land.id}/listing`, { sale_price: price });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      await buy(buyer, land, price);
    };
    const history = async (land: Land) =>
      ((await game.agent().get(`/api/territories/${land.id}/history`)).body as { history: OwnershipChangeDto[] }).history;
    const economy = async () => {
      now = new Date(now.getTime() + 10_000);
      return (await game.agent().get('/api/economy')).body as EconomyOverviewDto;
    };
    const tradesOfDay = (overview: EconomyOverviewDto, type: string) =>
      overview.market_by_day.find((row) => row.day === now.toISOString().slice(0, 10) && row.territory_type === type)?.trades ?? 0;

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
    });
    afterAll(() => game.stop());
    afterEach(async () => {
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    it('when land goes from one player to another and back, then the return does not count; nor does the same pair trading a third time', async () => {
      const [a, b] = [await player(), await player()];
      const [first, second] = await treasuryLand('town', 2);
      const before = tradesOfDay(await economy(), 'town');
      await buy(a, first, first.price);
      await sell(a, b, first, first.price);
      await sell(b, a, first, first.price);
      await buy(a, second, second.price);
      await sell(a, b, second, second.price);

      expect((await history(first)).map((change) => change.not_counted)).toEqual(['round_trip', null, null]);
      expect((await history(second)).map((change) => change.not_counted)).toEqual(['repeated_pair', null]);
      // Five sales: the two from the treasury and the first between the two players make the prices,
      // of the market as a whole and of each region.
      const overview = await economy();
      expect(tradesOfDay(overview, 'town') - before).toBe(3);
      const townsByRegion = overview.market_by_region.flatMap((market) => market.by_type.filter((row) => row.territory_type === 'town'));
      expect(townsByRegion.reduce((sum, row) => sum + row.trades, 0)).toBe(tradesOfDay(overview, 'town'));
      expect(overview.trades_left_out.filter((trade) => [first.id, second.id].includes(trade.territory_id))).toEqual([
        expect.objectContaining({ territory_id: second.id, not_counted: 'repeated_pair', price: second.price }),
        expect.objectContaining({ territory_id: first.id, not_counted: 'round_trip', price: first.price }),
      ]);
      // Each of the two sees it on its profile, with why.
      const profile = (await game.agent().get(`/api/players/${encodeURIComponent('trader-1')}`)).body as PlayerProfileDto;
      expect(profile.trades.filter((trade) => trade.not_counted !== null).map((trade) => trade.not_counted)).toEqual([
        'repeated_pair',
        'round_trip',
      ]);
    });

    it("when a sale's price is below a tenth of its type's median, then it does not count and the median stays where it was", async () => {
      const [seller, buyer] = [await player(), await player()];
      const [cheap, ...others] = await treasuryLand('village', 6);
      // The type's market: five sales at 10,000 this month, and the cheap village at 1,000.
      await sql`update territories set price = 10000, sale_price = 10000 where id in ${sql(others.map((land) => land.id))}`;
      await sql`update territories set price = 1000, sale_price = 1000 where id = ${cheap.id}`;
      for (const land of others) await buy(await player(), land, 10_000);
      await buy(seller, cheap, 1_000);
      const medianBefore = (await economy()).market_by_day.find((row) => row.territory_type === 'village')!.median_price;
      // 900 is not far from the village's own price (a quarter or less would link the two), but it is below 10 % of 10,000.
      await sell(seller, buyer, cheap, 900);

      expect((await history(cheap)).map((change) => change.not_counted)).toEqual(['off_market', null]);
      expect((await economy()).market_by_day.find((row) => row.territory_type === 'village')!.median_price).toBe(medianBefore);
    });

    it('when the two sides share a network, then the sale is between linked accounts and does not count', async () => {
      const [seller, buyer] = [await player(), await player()];
      await sql`insert into login_addresses (user_id, address, last_login_at) values
        (${seller.id}, '198.51.100.77', ${now}), (${buyer.id}, '198.51.100.77', ${now})`;
      const [land] = await treasuryLand('city', 1);
      await buy(seller, land, land.price);
      await sell(seller, buyer, land, land.price);
      const [sale] = await history(land);
      expect(sale).toMatchObject({ not_counted: 'linked', linked: true });
    });
  });
}
