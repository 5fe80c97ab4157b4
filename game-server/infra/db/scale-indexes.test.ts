import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type Database } from './database.ts';
import { testBackends } from '../../testing/databases.ts';
import { padWorld } from '../../testing/pad-world.ts';

// The reads that grow with the world each have an index the planner answers them from,
// shown here by the plan of a query of the read's shape, with the same conditions. The world is
// padded to 20,000 territories, enough for the planner to prefer an index by itself; a table that
// only a long-running game fills (the outbox) is asked with table scans switched off, so the plan
// names the index it would take at a million territories (bench/scale.bench.ts measures that size).

for (const backend of testBackends()) {
  describe(`[scale] the reads that grow with the world have their indexes on ${backend.name}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await backend.open();
      await padWorld(database.sql, 20_000);
    }, 120_000);
    afterAll(() => database.close());

    /** The indexes the plan of `query` reads, if need be with table scans switched off. */
    function indexesOf(query: string, tableScans: 'on' | 'off' = 'on'): Promise<string[]> {
      return transaction(database.sql, async (tx) => {
        await tx`select set_config('enable_seqscan', ${tableScans}, true)`;
        const [row] = await tx.unsafe(`explain (format json) ${query}`);
        return [...JSON.stringify(row['QUERY PLAN']).matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]);
      });
    }

    it('when the marketplace searches a word anywhere in the names of listings, then a trigram index answers it', async () => {
      // game-server/domain/world/territories.ts, marketWhere with q.
      expect(await indexesOf(`select count(*) from territories t where t.sale_price is not null and t.name ilike '%vienna%'`)).toContain(
        'territories_for_sale_name_trigrams',
      );
    });

    it('when the marketplace pages its listings by name or by revenue, then an index holds them in that order', async () => {
      // game-server/domain/world/territories.ts, marketOrder.
      const page = (order: string) => `select t.id from territories t where t.sale_price is not null order by ${order} limit 25`;
      expect(await indexesOf(page('t.name collate "C", t.id'))).toEqual(['territories_for_sale_by_name']);
      expect(await indexesOf(page('t.monthly_revenue desc, t.id desc'))).toEqual(['territories_for_sale_by_revenue']);
    });

    it('when a reader asks for the territories changed since an event number, then the index of territory changes answers it', async () => {
      // game-server/domain/world/changes.ts, territoriesChangedSince.
      const query = `
        select distinct changed.id::int as id
          from outbox, jsonb_array_elements_text(outbox.event -> 'territoryIds') as changed (id)
         where outbox.seq > 0 and outbox.event ->> 'type' = 'territories.changed'`;
      expect(await indexesOf(query, 'off')).toEqual(['outbox_territories_changed']);
    });
  });
}
