import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../infra/db/database.ts';
import { testBackends } from './databases.ts';
import { padWorld } from './pad-world.ts';
import { signedInPlayer } from './players.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const SIZE = 20_000;

// Whom each padded kind may hang under: docs/rules.md §1's feudal chain.
const PARENT_TYPE: Record<string, string> = { village: 'town', town: 'city', city: 'main', sub: 'main', common: 'main' };

for (const backend of testBackends()) {
  describe(`[bulk import] a world padded by SQL works after a normal start, on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let added: number;

    beforeAll(async () => {
      game = await startTestServer(backend, {
        prepare: async (fresh) => {
          added = await padWorld(fresh, SIZE);
        },
      });
      sql = game.database.sql;
    });
    afterAll(() => game.stop());

    it('when the world is padded to a size, then it holds that many territories, each under a seeded parent of the right tier and near it', async () => {
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from territories`;
      expect(count).toBe(SIZE);
      expect(added).toBe(SIZE - 204);
      const padded = await sql<{ type: string; parent_type: string; count: number; farthest: number; listed: number }[]>`
        select t.type, p.type as parent_type, count(*)::int as count, count(t.sale_price)::int as listed,
               max(greatest(abs(t.latitude - p.latitude), abs(t.longitude - p.longitude) * cos(radians(p.latitude::float8))))::float8 as farthest
          from territories t join territories p on p.id = t.parent_territory_id
         where t.seed_key is null and p.seed_key is not null
         group by t.type, p.type order by count desc`;
      expect(padded.reduce((sum, row) => sum + row.count, 0)).toBe(SIZE - 204);
      expect(padded[0]).toMatchObject({ type: 'village', parent_type: 'town' });
      for (const row of padded) {
        expect(row.parent_type).toBe(PARENT_TYPE[row.type]);
        // Unowned land comes for sale at its price, as the seed's does.
        expect(row.listed).toBe(row.count);
        expect(row.farthest).toBeLessThan(0.61);
      }
      const [{ owned }] = await sql<{ owned: number }[]>`select count(owner_id)::int as owned from territories where seed_key is null`;
      expect(owned).toBe(0);
    });

    it('when padded again to a larger size, then the sequence goes on: no name comes twice', async () => {
      expect(await padWorld(sql, SIZE + 500)).toBe(500);
      expect(await padWorld(sql, SIZE)).toBe(0);
      const [{ count, names }] = await sql<{ count: number; names: number }[]>`
        select count(*)::int as count, count(distinct name)::int as names from territories where seed_key is null`;
      expect(count).toBe(SIZE + 500 - 204);
      expect(names).toBe(count);
    });

    it('when a player reads a padded territory by id and buys it, then it answers it and the purchase goes through', async () => {
      const [village] = await sql<{ id: number; name: string; sale_price: string }[]>`
        select id, name, sale_price::text from territories where seed_key is null and type = 'village' order by id desc limit 1`;
      const read = await game.agent().get(`/api/territories/${village!.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: village!.id, name: village!.name, type: 'village', owner_id: null });
      expect(read.body.sale_price).toBe(Number(village!.sale_price));
      const buyer = await signedInPlayer(game, { balance: 10_000 });
      const bought = await buyer.agent.post(`/api/territories/${village!.id}/purchase`, {});
      expect(bought.status).toBe(200);
      expect((await game.agent().get(`/api/territories/${village!.id}`)).body).toMatchObject({ owner_id: buyer.id, sale_price: null });
    });
  });
}
