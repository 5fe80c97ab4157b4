// GET /api/territories side by side with a bare floor in the same run, at the seeded 204
// territories and at 10,000, on real PostgreSQL; then buying territories under load.
// Run: node --import tsx bench/api.bench.ts (TEST_DATABASE_URL names the server's maintenance
// database; a fresh database is created there and dropped afterwards).
//
// The game and the floor (bench/support/rest-floor-server.ts: Express 5 + postgres.js, select then
// res.json) each run in a process of their own; autocannon runs here with 50 connections and
// asks for brotli or gzip, as a browser does. Figures on a shared machine move with its load, so
// the ratios against the floor measured in the same minute are what to compare.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createSession, SESSION_COOKIE } from '../game-server/auth/sessions.ts';
import { inTransaction, type Sql } from '../game-server/db/database.ts';
import { mint } from '../game-server/economy/ledger.ts';
import { checkInvariants } from '../game-server/economy/supply.ts';
import { openScratchDatabase } from './support/scratch-database.ts';
import { startServer } from './support/server-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_S = 10;
const CONNECTIONS = 50;
const WORLDS = [204, 10_000];
const BROWSER = { 'accept-encoding': 'br, gzip' };
const BUYERS = 400;
// More listings than a 10 s run can buy, so every purchase request finds its own territory still for sale.
const LISTINGS = 60_000;

interface Answer {
  status: number;
  etag: string | undefined;
  bytes: number;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode!, etag: response.headers.etag, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

const load = (url: string, headers: Record<string, string> = BROWSER) => autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });

/** Grows the seeded world to `size` territories, spread over the map, a third of them owned. */
async function growWorld(sql: Sql, size: number): Promise<void> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from territories`;
  if (n >= size) return;
  await sql`
    insert into territories (name, type, parent_territory_id, owner_id, description, latitude, longitude, monthly_revenue, price, sale_price)
    select 'Bench land ' || g, 'common', null, case when g % 3 = 0 then 'sample-user' end,
           'Common land number ' || g || ', open to settlers and traders of the realm.',
           ((g * 37) % 160) - 80, ((g * 91) % 340) - 170, 10 + g % 90, 1000 + g % 5000, case when g % 7 = 0 then 2000 end
      from generate_series(1, ${size - n}) g`;
}

interface Row {
  label: string;
  result: autocannon.Result;
}

function table(territories: number, rows: Row[], floorFromDb: autocannon.Result): void {
  console.log(`\n${territories} territories, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log('| call | req/s | × floor from DB | p50 ms | p99 ms | time-outs | non-2xx/304 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { label, result } of rows) {
    const unexpected = label.includes('304') ? result['2xx'] + result.non2xx - result['3xx'] : result.non2xx;
    console.log(
      `| ${label} | ${result.requests.average.toFixed(0)} | ${(result.requests.average / floorFromDb.requests.average).toFixed(2)} | ` +
        `${result.latency.p50} | ${result.latency.p99} | ${result.timeouts} | ${unexpected} |`,
    );
  }
}

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

async function purchases(sql: Sql, url: string): Promise<autocannon.Result> {
  const cookies = await createBuyers(sql, new Date());
  const [first] = await sql<{ id: number }[]>`
    insert into territories (name, type, parent_territory_id, latitude, longitude, monthly_revenue, price, sale_price)
    select 'Bench plot ' || g, 'common', null, 0, 0, 10, 1, 1 from generate_series(1, ${LISTINGS}) g
    returning id`;
  let next = first.id;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const id = next++;
          return { ...request, path: `/api/territories/${id}/purchase`, headers: { 'content-type': 'application/json', cookie: cookies[id % BUYERS] }, body: '{}' };
        },
      },
    ],
  });
}

async function main(): Promise<void> {
  const database = await openScratchDatabase(ADMIN_URL, { max: 5 });
  const url = database.url!;
  const env = { DATABASE_URL: url, LOG_LEVEL: 'warn', PAYMENTS: 'sandbox', WANAKT_PASSWORD: randomBytes(12).toString('hex'), DEMO_PASSWORD: randomBytes(12).toString('hex') };
  let failed = false;
  try {
    console.log(`PostgreSQL ${database.location}. Machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start`);
    for (const size of WORLDS) {
      // The game migrates and seeds the database; both servers then read the same rows from memory or the database.
      let game = await startServer('./support/world-server.ts', env);
      await growWorld(database.sql, size);
      await game.stop();
      game = await startServer('./support/world-server.ts', env);
      const floor = await startServer('./support/rest-floor-server.ts', env);
      try {
        const world = `${game.url}/api/territories`;
        const [raw, br, gzip, floorRaw] = await Promise.all([get(world), get(world, { 'accept-encoding': 'br' }), get(world, { 'accept-encoding': 'gzip' }), get(`${floor.url}/db/territories`)]);
        const slim = await get(`${world}?fields=owner_id,sale_price`, { 'accept-encoding': 'br' });
        const perTerritory = (bytes: number) => (bytes / size).toFixed(1);
        console.log(
          `\nAnswer sizes at ${size}: game ${raw.bytes} B raw (${perTerritory(raw.bytes)} B/territory), ${br.bytes} B brotli (${perTerritory(br.bytes)}), ` +
            `${gzip.bytes} B gzip (${perTerritory(gzip.bytes)}); ?fields=owner_id,sale_price ${slim.bytes} B brotli (${perTerritory(slim.bytes)}); ` +
            `floor ${floorRaw.bytes} B raw (${perTerritory(floorRaw.bytes)}), uncompressed`,
        );
        const floorEtag = (await get(`${floor.url}/db/territories`, BROWSER)).etag!;
        const rows: Row[] = [];
        const floorFromDb = await load(`${floor.url}/db/territories`);
        rows.push({ label: 'floor: select → res.json', result: floorFromDb });
        rows.push({ label: 'floor: from memory → res.json', result: await load(`${floor.url}/memory/territories`) });
        rows.push({ label: 'game: GET /api/territories (br)', result: await load(world) });
        rows.push({ label: 'floor: If-None-Match → 304', result: await load(`${floor.url}/db/territories`, { ...BROWSER, 'if-none-match': floorEtag }) });
        rows.push({ label: 'game: If-None-Match → 304', result: await load(world, { ...BROWSER, 'if-none-match': raw.etag! }) });
        table(size, rows, floorFromDb);
        // The floor is allowed to time out (that is what it measures); the game is not.
        failed ||= rows.some(({ label, result }) => label.startsWith('game') && (result.timeouts > 0 || result.errors > 0));
        if (size === WORLDS.at(-1)) {
          const purchase = await purchases(database.sql, game.url);
          console.log(`\nPOST /api/territories/{id}/purchase: ${purchase.requests.average.toFixed(0)} req/s, p50 ${purchase.latency.p50} ms, p99 ${purchase.latency.p99} ms, ${purchase['2xx']} ok, ${purchase.non2xx + purchase.errors + purchase.timeouts} failed`);
          failed ||= purchase.non2xx > 0;
        }
      } finally {
        await Promise.all([game.stop(), floor.stop()]);
      }
    }
    console.log(`\nLoad average ${loadavg()[0].toFixed(1)} at the end`);
    const invariants = await checkInvariants(database.sql);
    console.log(`Ledger invariants after the run: ${invariants.ok ? 'hold' : invariants.problems.join('; ')}`);
    if (!invariants.ok || failed) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
