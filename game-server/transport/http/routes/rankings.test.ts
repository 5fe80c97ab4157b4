import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../../infra/db/database.ts';
import { testBackends } from '../../../testing/databases.ts';
import { createPlayer, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

for (const backend of testBackends()) {
  describe(`[rankings] the leaderboards on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => new Date('2031-03-15T12:00:00Z') });
      sql = game.database.sql;
    }, 180_000);
    afterAll(() => game?.stop());

    it('when players hold DRK, territories, earnings and tribute, then each board ranks them by it and tells the viewer its place', async () => {
      const rich = await createPlayer(sql, { balance: 90_000, username: 'rank-rich' });
      const middle = await signedInPlayer(game, { balance: 40_000, username: 'rank-middle', now: new Date('2031-03-15T12:00:00Z') });
      const poor = await createPlayer(sql, { balance: 20_000, username: 'rank-poor' });
      const territories = await sql<
        { id: number }[]
      >`select id from territories where owner_id is null and type = 'village' order by id limit 3`;
      await sql`update territories set owner_id = ${middle.id} where id in ${sql([territories[0].id, territories[1].id])}`;
      await sql`update territories set owner_id = ${poor} where id = ${territories[2].id}`;
      await sql`insert into earnings_months (month, planned_at, revenue_multiplier, planned_total, supply_remaining) values ('2031-02', now(), 1, 0, 0)`;
      await sql`
        insert into territory_earnings (month, territory_id, owner_id, base, multiplier_bonus, ad_revenue, owner_amount, wanakt_amount, owner_paid, wanakt_paid, paid_at)
        values ('2031-02', ${territories[0].id}, ${middle.id}, 50, 0, 0, 45, 5, 45, 5, now()), ('2031-02', ${territories[1].id}, ${middle.id}, 60, 0, 0, 54, 6, 54, 6, now()),
               ('2031-02', ${territories[2].id}, ${poor}, 200, 0, 0, 180, 20, 180, 20, now())`;
      await sql`
        insert into rent_payments (period, payer_territory_id, payer_id, payee_id, payment_type, amount, due_date, paid_at)
        values ('2031-H1', ${territories[2].id}, ${poor}, ${rich}, 'rent', 33, now(), now())`;
      // Rent between linked accounts (docs/rules.md §10 "Fair play") is left off the tribute board.
      await sql`
        insert into rent_payments (period, payer_territory_id, payer_id, payee_id, payment_type, amount, due_date, paid_at, linked)
        values ('2031-H1', ${territories[1].id}, ${middle.id}, ${poor}, 'rent', 70, now(), now(), 'one network')`;

      const board = async (name: string) => (await middle.agent.get(`/api/rankings/${name}`)).body;
      const wealth = await board('wealth');
      expect(
        wealth.top.slice(0, 3).map((row: { username: string; rank: number; value: number }) => [row.rank, row.username, row.value]),
      ).toEqual([
        [1, 'rank-rich', 90_000],
        [2, 'rank-middle', 40_000],
        [3, 'rank-poor', 20_000],
      ]);
      expect(wealth.you).toMatchObject({ rank: 2, username: 'rank-middle', value: 40_000 });
      expect((await board('territories')).top.map((row: { username: string; value: number }) => [row.username, row.value])).toEqual([
        ['rank-middle', 2],
        ['rank-poor', 1],
      ]);
      const earnings = await board('earnings');
      expect(earnings.top.map((row: { username: string; value: number }) => [row.username, row.value])).toEqual([
        ['rank-poor', 180],
        ['rank-middle', 99],
      ]);
      expect(earnings.you).toMatchObject({ rank: 2, value: 99 });
      const tribute = await board('tribute');
      expect(tribute.top).toEqual([{ rank: 1, user_id: rich, username: 'rank-rich', value: 33 }]);
      expect(tribute.you).toBeNull();

      expect((await game.agent().get('/api/rankings/wealth')).body.you).toBeNull();
      const bad = await game.agent().get('/api/rankings/fame');
      expect(bad).toMatchObject({ status: 400, body: { message: 'A ranking is wealth, territories, earnings or tribute' } });
    });
  });
}
