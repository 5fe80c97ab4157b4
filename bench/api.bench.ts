// Load on two REST calls against real PostgreSQL: reading every territory, and buying one.
// Run: node --import tsx bench/api.bench.ts (TEST_DATABASE_URL names the server's maintenance
// database; a fresh database is created there and dropped afterwards).
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createSession, SESSION_COOKIE } from '../game-server/auth/sessions.ts';
import { loadConfig } from '../game-server/config.ts';
import { inTransaction, openPostgres, type Sql } from '../game-server/db/database.ts';
import { mint } from '../game-server/economy/ledger.ts';
import { checkInvariants } from '../game-server/economy/supply.ts';
import { createLogger } from '../game-server/logger.ts';
import { startGameServer } from '../game-server/server.ts';
import { adminConnection, databaseUrl } from '../game-server/testing/postgres-admin.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_S = 10;
const CONNECTIONS = 20;
const BUYERS = 400;
// More listings than a 10 s run can buy, so every purchase request finds its own territory still for sale.
const LISTINGS = 60_000;

async function createBuyers(sql: Sql, now: Date): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const id = `bench-${i}`;
    await inTransaction(sql, async (tx) => {
      await tx`insert into users (id, username, password_hash) values (${id}, ${id}, 'no-login')`;
      await mint(tx, id, { amount: 10_000, reason: 'admin_mint' });
    });
    cookies.push(`${SESSION_COOKIE}=${await createSession(sql, id, now)}`);
  }
  return cookies;
}

function report(title: string, result: autocannon.Result): void {
  const ok = result['2xx'];
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title.padEnd(32)} p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ` +
      `${result.requests.average.toFixed(0).padStart(6)} req/s   (${ok} ok, ${failed} failed)`,
  );
}

async function main(): Promise<void> {
  const name = `wanakt_bench_${randomBytes(4).toString('hex')}`;
  const admin = adminConnection(ADMIN_URL);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const database = await openPostgres(databaseUrl(ADMIN_URL, name), { max: 20 });
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'error', WANAKT_PASSWORD: randomBytes(12).toString('hex') });
  const server = await startGameServer({ config, log: createLogger('error'), database });
  try {
    const sql = database.sql;
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from territories`;
    console.log(`Server ${server.url} on PostgreSQL ${database.location}; ${CONNECTIONS} connections, ${DURATION_S} s per call`);
    // Figures from a shared machine mean little without its load, so it is printed beside them.
    console.log(`Machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start`);

    const read = await autocannon({ url: `${server.url}/api/territories`, connections: CONNECTIONS, duration: DURATION_S });
    report(`GET /api/territories (${n})`, read);

    const cookies = await createBuyers(sql, new Date());
    const [first] = await sql<{ id: number }[]>`
      insert into territories (name, type, parent_territory_id, latitude, longitude, monthly_revenue, price, sale_price)
      select 'Bench plot ' || g, 'common', null, 0, 0, 10, 1, 1 from generate_series(1, ${LISTINGS}) g
      returning id`;
    let next = first.id;
    const purchase = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const id = next++;
            return {
              ...request,
              path: `/api/territories/${id}/purchase`,
              headers: { 'content-type': 'application/json', cookie: cookies[id % BUYERS] },
              body: '{}',
            };
          },
        },
      ],
    });
    report('POST /api/territories/{id}/purchase', purchase);

    console.log(`Load average ${loadavg()[0].toFixed(1)} at the end`);
    const invariants = await checkInvariants(sql);
    console.log(`Ledger invariants after the run: ${invariants.ok ? 'hold' : invariants.problems.join('; ')}`);
    if (!invariants.ok || purchase.non2xx > 0 || read.non2xx > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await database.close();
    const cleanup = adminConnection(ADMIN_URL);
    await cleanup.unsafe(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

await main();
