import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttableProxy, type CuttableProxy } from '../../testing/cuttable-proxy.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import type { Database } from './database.ts';

// postgres.js 3.4.9 buffers a short write behind setImmediate and writes it to a socket that a cut
// connection has already set to null: an uncaught TypeError that ended every game process at each
// database blink (porsager/postgres#1154, #1208). patches/postgres+3.4.9.patch settles the query
// with CONNECTION_CLOSED instead. A reserved connection is where it bites: the pool cannot rotate it away.
const backend = postgresBackendIfReachable();

// The driver's errors carry their code on the prototype (it copies each per query).
const codeOf = (query: Promise<unknown>) =>
  query.then(
    () => 'answered',
    (error: { code?: string }) => error.code,
  );

describe.runIf(backend)('[issue 22] a reserved connection cut under the driver', () => {
  let database: Database;
  let proxy: CuttableProxy;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await backend!.open();
    proxy = await startCuttableProxy(database.url!);
    sql = postgres(proxy.url, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await proxy?.stop();
    await database?.close();
  });

  it('when its socket is cut and a query is then written to it, then the query fails with CONNECTION_CLOSED and the pool answers again', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const reserved = await sql.reserve();
      expect(await reserved`select 1 as one`).toEqual([{ one: 1 }]);
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await codeOf(reserved`select 2 as two`)).toBe('CONNECTION_CLOSED');
      // A second query on the same dead connection is settled the same way, not left waiting.
      expect(await codeOf(reserved`select 3 as three`)).toBe('CONNECTION_CLOSED');
      reserved.release();
      expect(await sql`select 4 as four`).toEqual([{ four: 4 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});
