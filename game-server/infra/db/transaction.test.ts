import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { transaction, type Database } from './database.ts';

// postgres.js 3.4.9's own sql.begin can send BEGIN on a connection it has not reserved when the
// connection's pipeline is full (porsager/postgres#823, #1189), which the rolling-restart test met
// on a loaded machine as UNSAFE_TRANSACTION. `transaction` reserves first: busy connections,
// short pipelines, plain queries and transactions all at once must leave each transaction alone.
const backend = postgresBackendIfReachable();

describe.runIf(backend)('a transaction under a full pipeline', () => {
  let database: Database;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await backend!.open();
    // max_pipeline is a driver option its type declarations leave out.
    sql = postgres(database.url!, { max: 3, max_pipeline: 2, onnotice: () => {} } as postgres.Options<{}>);
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await database?.close();
  });

  const burst = () =>
    Promise.allSettled([
      ...Array.from({ length: 3 }, () => sql`select pg_sleep(0.2)`),
      ...Array.from({ length: 3 }, () => sql`select 1`),
      ...Array.from({ length: 5 }, () =>
        transaction(sql, async (tx) => {
          const [first] = await tx<{ id: string }[]>`select txid_current()::text as id`;
          const [second] = await tx<{ id: string }[]>`select txid_current()::text as id`;
          // Both reads in one transaction see one transaction id; a connection shared with
          // another transaction's BEGIN would not.
          expect(second.id).toBe(first.id);
          return Number(first.id);
        }),
      ),
      ...Array.from({ length: 3 }, () => sql`select 1`),
    ]);

  it('when transactions start while every connection is busy, then each runs alone on its reserved connection', async () => {
    for (let round = 0; round < 10; round++) {
      const results = await burst();
      expect(
        results.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason)),
      ).toEqual([]);
      const ids = results.slice(6, 11).map((result) => (result as PromiseFulfilledResult<number>).value);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
