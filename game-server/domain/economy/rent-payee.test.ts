import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID, type TerritoryType } from '../../../schema/constants.ts';
import { rentPayeeId } from '../../../schema/rules/feudal.ts';
import { rentDue } from '../../../schema/rules/rent.ts';
import type { Database } from '../../infra/db/database.ts';
import { testBackends } from '../../testing/databases.ts';
import { createPlayer } from '../../testing/players.ts';
import { obligationsOf } from './rent-cycle.ts';

// The rent cycle finds who pays whom in bulk SQL (100,000 territories at a time); the feudal screen
// asks schema/rules/feudal.ts. Both read PAYS_THE_WANAKT, and here they must agree on the whole
// seeded world, owned alternately by two players so every kind of edge appears.
for (const backend of testBackends()) {
  describe(`[§1 feudal] the rent cycle's SQL and the who-pays-whom rule agree on ${backend.name}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await backend.open();
    }, 120_000);
    afterAll(async () => {
      await database.close();
    });

    it('when every territory has an owner, then each obligation goes where the rule says, and no other', async () => {
      const sql = database.sql;
      const [a, b] = [await createPlayer(sql), await createPlayer(sql)];
      await sql`update territories set owner_id = case when id % 2 = 0 then ${a} else ${b} end where type <> 'wanakt'`;
      const rows = await sql<
        {
          id: number;
          type: TerritoryType;
          monthly_revenue: string;
          rent_amount: string | null;
          owner_id: string;
          overlord_owner: string | null;
        }[]
      >`
        select t.id, t.type, t.monthly_revenue::text, t.rent_amount::text, t.owner_id, parent.owner_id as overlord_owner
          from territories t left join territories parent on parent.id = t.parent_territory_id
         where t.owner_id = ${a}`;
      const expected = rows
        .filter((row) =>
          rentDue({
            type: row.type,
            monthly_revenue: Number(row.monthly_revenue),
            rent_amount: row.rent_amount === null ? null : Number(row.rent_amount),
          }),
        )
        .map((row) => ({ territoryId: row.id, payeeId: rentPayeeId(row.type, row.overlord_owner, WANAKT_USER_ID) }))
        .filter((edge) => edge.payeeId !== null && edge.payeeId !== a);
      const bySql = (await obligationsOf(sql, a, 1))
        .filter((obligation) => obligation.payerId === a)
        .map((obligation) => ({ territoryId: obligation.payerTerritoryId, payeeId: obligation.payeeId }));
      expect(expected.length).toBeGreaterThan(10);
      expect(new Set(expected.map((edge) => edge.payeeId))).toEqual(new Set([b, WANAKT_USER_ID]));
      expect(bySql.sort((x, y) => x.territoryId - y.territoryId)).toEqual(expected.sort((x, y) => x.territoryId - y.territoryId));
    });
  });
}
