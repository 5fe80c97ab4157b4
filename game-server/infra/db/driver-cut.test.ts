import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttableProxy, type CuttableProxy } from '../../testing/cuttable-proxy.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import type { Database } from './database.ts';

// postgres.js 3.4.9 buffers a short write behind setImmediate and writes it to a socket that a cut
// connection has already set to null: an uncaught TypeError that ended every game process at each
// database blink (porsager/postgres#1154, #1208). patches/postgres+3.4.9.patch settles the query
// with CONNECTION_CLOSED instead. A reserved connection is where it bites: the pool cannot rotate it away.
// The same patch keeps a reserve that waits for a connection in the pool's queue when a connection
// closes: as that connection's first query it was dropped once reconnected, and its holder (a
// command, with its admission slot) waited for ever. And the queries a holder wrote while its
// connection pushed back, kept in the holder's own queue, are settled when the connection closes.
const backend = postgresBackendIfReachable();

// The driver's errors carry their code on the prototype (it copies each per query).
/** Resolves once the session `pid` is inside its `pg_sleep`, so the cut finds a query under way. */
async function sleepingOn(admin: postgres.Sql, pid: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (await admin<{ query: string }[]>`select query from pg_stat_activity where pid = ${pid} and state = 'active'`)[0]?.query ?? '',
    )
    .toContain('pg_sleep');
}

const codeOf = (query: Promise<unknown>) =>
  query.then(
    () => 'answered',
    (error: { code?: string }) => error.code,
  );

describe.runIf(backend)('a reserved connection cut under the driver', () => {
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

  it('when the connections are cut while a reserve waits for one, then the reserve is handed a connection', async () => {
    const pool = postgres(database.url!, { max: 2, onnotice: () => {}, backoff: () => 0.05 });
    const admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    try {
      const held = await Promise.all([pool.reserve(), pool.reserve()]);
      const pids = await Promise.all(
        held.map(async (reserved) => (await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]!.pid),
      );
      const sleeping = held.map((reserved) => codeOf(reserved`select pg_sleep(5)`));
      const waiting = pool.reserve();
      await admin`select pg_terminate_backend(pid) from unnest(${pids}::int[]) as pid`;
      expect(await Promise.all(sleeping)).not.toContain('answered');
      const late = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 4000));
      const reserved = await Promise.race([waiting, late]);
      expect(reserved).not.toBe('still waiting');
      if (reserved === 'still waiting') return;
      expect(await reserved`select 1 as one`).toEqual([{ one: 1 }]);
      reserved.release();
    } finally {
      await admin.end();
      await pool.end({ timeout: 1 });
    }
  });

  it('when the connection is cut while queries wait behind one another on a reserved connection, then every one of them settles', async () => {
    const pool = postgres(database.url!, { max: 1, onnotice: () => {} });
    const admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    try {
      const reserved = await pool.reserve();
      const [{ pid }] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      // A statement with parameters not yet prepared on this session is described before it runs,
      // and the connection takes no more until it answers: the rest wait in the holder's own queue.
      const queries = [codeOf(reserved`select pg_sleep(${5})`), ...[1, 2, 3].map((n) => codeOf(reserved`select ${n}::int as n`))];
      await sleepingOn(admin, pid);
      await admin`select pg_terminate_backend(${pid}::int)`;
      const late = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 4000));
      const codes = await Promise.race([Promise.all(queries), late]);
      expect(codes).not.toBe('still waiting');
      expect(codes).not.toContain('answered');
      reserved.release();
      expect(await pool`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await pool.end({ timeout: 1 });
    }
  });

  it("when a query ended by the cut failed with the server's error, then the next session's first query answers", async () => {
    const pool = postgres(database.url!, { max: 1, onnotice: () => {} });
    const admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    try {
      const [{ pid }] = await pool<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const sleeping = codeOf(pool`select pg_sleep(5)`);
      await sleepingOn(admin, pid);
      await admin`select pg_terminate_backend(${pid}::int)`;
      expect(await sleeping).not.toBe('answered');
      expect(await pool`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await pool.end({ timeout: 1 });
    }
  });

  it('when its socket is cut and a query is then written to it, then the query fails with CONNECTION_CLOSED and the pool answers again', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const reserved = await sql.reserve();
      expect(await reserved`select 1 as one`).toEqual([{ one: 1 }]);
      proxy.cut();
      // The wait is the case under test: the close reaches the client first, so the query is written to a closed socket (postgres.js tells nobody when it has).
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
