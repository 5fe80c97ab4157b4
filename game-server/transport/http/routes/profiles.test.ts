import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, type Sql } from '../../../infra/db/database.ts';
import { mint } from '../../../domain/economy/ledger.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

for (const backend of testBackends()) {
  describe(`[profiles] a player's public profile on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
    }, 180_000);
    afterAll(() => game?.stop());

    it('when a lord and its vassal hold territories, trade and collect, then each profile shows holdings, titles, earnings, collectibles and trades', async () => {
      const lord = await signedInPlayer(game, { balance: 500_000, username: 'Prof-Lord' });
      const vassal = await signedInPlayer(game, { balance: 500_000, username: 'prof-vassal' });
      const [pair] = await sql<{ city: number; city_name: string; town: number; village: number }[]>`
        select c.id as city, c.name as city_name, t.id as town, v.id as village
          from territories c
          join territories t on t.parent_territory_id = c.id and t.owner_id is null and t.sale_price is not null
          join territories v on v.parent_territory_id = t.id and v.owner_id is null and v.sale_price is not null
         where c.type = 'city' and c.owner_id is null and c.sale_price is not null
         order by c.id limit 1`;
      expect((await lord.agent.post(`/api/territories/${pair.city}/purchase`, {})).status).toBe(200);
      expect((await vassal.agent.post(`/api/territories/${pair.town}/purchase`, {})).status).toBe(200);
      expect((await vassal.agent.post(`/api/territories/${pair.village}/purchase`, {})).status).toBe(200);
      expect((await vassal.agent.request('PATCH', `/api/territories/${pair.village}/listing`, { sale_price: 777 })).status).toBe(200);
      expect((await lord.agent.post(`/api/territories/${pair.village}/purchase`, {})).status).toBe(200);
      const [collectible] = await sql<{ id: number }[]>`select id from collectibles where owner_id is null order by price, id limit 1`;
      expect((await lord.agent.post(`/api/collectibles/${collectible.id}/purchase`, {})).status).toBe(200);
      await inTransaction(sql, (tx) => mint(tx, lord.id, { amount: 42, reason: 'earnings', territoryId: pair.city }, new Date()));

      const visitor = game.agent();
      const profile = await visitor.get(`/api/players/${encodeURIComponent('prof-LORD')}`);
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({
        id: lord.id,
        username: 'Prof-Lord',
        is_wanakt: false,
        ownership_tier: 'Dual Owner',
        vassals: ['prof-vassal'],
      });
      expect(Object.keys(profile.body)).not.toContain('drk_balance');
      expect(profile.body.territories.map((territory: { id: number }) => territory.id).sort()).toEqual([pair.city, pair.village].sort());
      const city = profile.body.territories.find((territory: { id: number }) => territory.id === pair.city);
      expect(city).toMatchObject({ vassal_owners: ['prof-vassal'] });
      expect(city.vassal_count).toBeGreaterThanOrEqual(1);
      expect(profile.body.earnings.earned_30d).toBe(42);
      // The profile's monthly earnings are the revenue center's, by the same rule.
      expect(profile.body.earnings.monthly_earnings).toBe((await lord.agent.get(`/api/revenue/summary/${lord.id}`)).body.total_monthly);
      expect(profile.body.collectibles.map((owned: { id: number }) => owned.id)).toEqual([collectible.id]);
      expect(
        profile.body.trades.map((trade: { territory_id: number; from_owner_name: string | null; price: number }) => [
          trade.territory_id,
          trade.from_owner_name,
          trade.price,
        ]),
      ).toEqual([
        [pair.village, 'prof-vassal', 777],
        [pair.city, null, expect.any(Number)],
      ]);

      const vassalProfile = (await visitor.get('/api/players/prof-vassal')).body;
      expect(vassalProfile.vassal_of).toEqual(['Prof-Lord']);
      expect(vassalProfile.territories).toEqual([
        expect.objectContaining({ id: pair.town, lord: { id: pair.city, name: pair.city_name, owner_name: 'Prof-Lord' } }),
      ]);
      expect(
        vassalProfile.trades.map((trade: { territory_id: number; to_owner_name: string }) => [trade.territory_id, trade.to_owner_name]),
      ).toEqual([
        [pair.village, 'Prof-Lord'],
        [pair.village, 'prof-vassal'],
        [pair.town, 'prof-vassal'],
      ]);
    });

    it('when the name is unknown or too long, then the answer is a clear 404 or 400', async () => {
      expect(await game.agent().get('/api/players/nobody-here')).toMatchObject({
        status: 404,
        body: { message: 'No player is called nobody-here' },
      });
      expect(await game.agent().get(`/api/players/${'x'.repeat(33)}`)).toMatchObject({
        status: 400,
        body: { message: 'A username has at most 32 characters' },
      });
    });

    it('when the Wanakt is looked up, then it shows as the Wanakt with the seats it holds', async () => {
      const profile = (await game.agent().get('/api/players/wanakt')).body;
      expect(profile).toMatchObject({ is_wanakt: true, username: 'wanakt' });
      expect(profile.territories.length).toBeGreaterThan(0);
    });
  });
}
