// GET /api/territories side by side with a bare floor in the same run, at the seeded 204
// territories and at 10,000, on real PostgreSQL; then buying territories under load.
// Run: npm exec -- node bench/api.bench.ts (TEST_DATABASE_URL names the server's maintenance
// database; a fresh database is created there and dropped afterwards).
//
// The game, the floor (bench/support/rest-floor-server.ts: Express 5 + postgres.js, select then
// res.json) and a ceiling (bench/support/ceiling-server.ts: bare node:http sending the game's own
// compressed answer) each run in a process of their own. Two load generators, 50 connections each,
// ask for brotli or gzip as a browser does: autocannon, and wrk, which can read
// compressed answers as fast as a server sends them where autocannon cannot (see
// bench/support/wrk.ts; the ceiling row shows where each generator stops). Figures on a shared
// machine move with its load, so the ratios against the floor measured in the same minute are what
// to compare.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createSession, SESSION_COOKIE } from '../game-server/domain/auth/sessions.ts';
import { inTransaction, type Sql } from '../game-server/infra/db/database.ts';
import { mint } from '../game-server/domain/economy/ledger.ts';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import { openScratchDatabase } from './support/scratch-database.ts';
import { startServer } from './support/server-process.ts';
import { wrk, wrkInstalled } from './support/wrk.ts';

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

/** One measured call: what it is, and its figures from a load generator. */
interface Row {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  timeouts: number;
  /** Errors, and answers other than the call expects (2xx, or 304 for a conditional request). */
  unexpected: number;
  bytesPerAnswer: number;
}

interface Call {
  label: string;
  url: string;
  headers: Record<string, string>;
  /** The answer the call should get: a list (2xx) or, for a conditional request, 304. */
  expects: '2xx' | '3xx';
}

const WARM_UP_S = 3;

// Each call is loaded for a few seconds first, unmeasured: a server's first seconds (compiling its
// hot paths, growing its heap, opening the connections) are not what it does all day.
async function withAutocannon({ label, url, headers, expects }: Call): Promise<Row> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARM_UP_S });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const expected = result[expects];
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    timeouts: result.timeouts,
    unexpected: result.requests.total - expected + result.errors,
    bytesPerAnswer: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  };
}

async function withWrk({ label, url, headers }: Call): Promise<Row> {
  await wrk(url, { connections: CONNECTIONS, seconds: WARM_UP_S, headers });
  const result = await wrk(url, { connections: CONNECTIONS, seconds: DURATION_S, headers });
  return { label, ...result, unexpected: result.errors };
}

function table(title: string, rows: Row[]): void {
  const floorFromDb = rows.find((row) => row.label.startsWith('floor: select'))!;
  console.log(`
${title}`);
  console.log('| call | req/s | × floor from DB | p50 ms | p99 ms | time-outs | unexpected | B/answer |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.requestsPerSecond.toFixed(0)} | ${(row.requestsPerSecond / floorFromDb.requestsPerSecond).toFixed(2)} | ` +
        `${row.p50Ms.toFixed(1)} | ${row.p99Ms.toFixed(1)} | ${row.timeouts} | ${row.unexpected} | ${row.bytesPerAnswer.toFixed(0)} |`,
    );
  }
}

async function createBuyers(sql: Sql, now: Date): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const id = `bench-${i}`;
    await inTransaction(sql, async (tx) => {
      await tx`insert into users (id, username, password_hash) values (${id}, ${id}, 'no-login')`;
      await mint(tx, id, { amount: 10_000, reason: 'admin_mint' }, new Date());
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
}

async function main(): Promise<void> {
  const database = await openScratchDatabase(ADMIN_URL, { max: 5 });
  const url = database.url!;
  // Every request of the bench comes from one address: its budget of world reads is raised, and still counted.
  const env = {
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    PAYMENTS: 'sandbox',
    WORLD_READS_PER_MINUTE: '100000000',
    WANAKT_PASSWORD: randomBytes(12).toString('hex'),
    DEMO_PASSWORD: randomBytes(12).toString('hex'),
  };
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
        const [raw, br, gzip, floorRaw] = await Promise.all([
          get(world),
          get(world, { 'accept-encoding': 'br' }),
          get(world, { 'accept-encoding': 'gzip' }),
          get(`${floor.url}/db/territories`),
        ]);
        const slim = await get(`${world}?fields=owner_id,sale_price`, { 'accept-encoding': 'br' });
        const perTerritory = (bytes: number) => (bytes / size).toFixed(1);
        console.log(
          `\nAnswer sizes at ${size}: game ${raw.bytes} B raw (${perTerritory(raw.bytes)} B/territory), ${br.bytes} B brotli (${perTerritory(br.bytes)}), ` +
            `${gzip.bytes} B gzip (${perTerritory(gzip.bytes)}); ?fields=owner_id,sale_price ${slim.bytes} B brotli (${perTerritory(slim.bytes)}); ` +
            `floor ${floorRaw.bytes} B raw (${perTerritory(floorRaw.bytes)}), uncompressed`,
        );
        const floorEtag = (await get(`${floor.url}/db/territories`, BROWSER)).etag!;
        const ceiling = await startServer('./support/ceiling-server.ts', { SOURCE_URL: world });
        try {
          const floorFromDb: Call = {
            label: 'floor: select → res.json',
            url: `${floor.url}/db/territories`,
            headers: BROWSER,
            expects: '2xx',
          };
          const floorFromMemory: Call = {
            label: 'floor: from memory → res.json',
            url: `${floor.url}/memory/territories`,
            headers: BROWSER,
            expects: '2xx',
          };
          const ceilingCall: Call = {
            label: "ceiling: the game's brotli answer from bare node:http",
            url: ceiling.url,
            headers: BROWSER,
            expects: '2xx',
          };
          const gameCall: Call = { label: 'game: GET /api/territories (br)', url: world, headers: BROWSER, expects: '2xx' };
          const compact: Call = {
            label: 'game: ?fields=owner_id,sale_price (br)',
            url: `${world}?fields=owner_id,sale_price`,
            headers: BROWSER,
            expects: '2xx',
          };
          const floor304: Call = {
            label: 'floor: If-None-Match → 304',
            url: `${floor.url}/db/territories`,
            headers: { ...BROWSER, 'if-none-match': floorEtag },
            expects: '3xx',
          };
          const game304: Call = {
            label: 'game: If-None-Match → 304',
            url: world,
            headers: { ...BROWSER, 'if-none-match': raw.etag! },
            expects: '3xx',
          };
          const measured: Row[][] = [];
          const autocannonRows: Row[] = [];
          for (const call of [floorFromDb, floorFromMemory, ceilingCall, gameCall, floor304, game304])
            autocannonRows.push(await withAutocannon(call));
          table(`${size} territories, autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each`, autocannonRows);
          measured.push(autocannonRows);
          if (wrkInstalled()) {
            const wrkRows: Row[] = [];
            for (const call of [floorFromDb, ceilingCall, gameCall, compact, floor304, game304]) wrkRows.push(await withWrk(call));
            table(`${size} territories, wrk, ${CONNECTIONS} connections, ${DURATION_S} s each`, wrkRows);
            measured.push(wrkRows);
          } else {
            console.log('\nwrk is not installed (npm run bench installs it): no wrk figures.');
          }
          // The floor is allowed to time out (that is what it measures); the game is not.
          failed ||= measured.flat().some((row) => row.label.startsWith('game') && (row.timeouts > 0 || row.unexpected > 0));
        } finally {
          await ceiling.stop();
        }
        if (size === WORLDS.at(-1)) {
          const purchase = await purchases(database.sql, game.url);
          console.log(
            `\nPOST /api/territories/{id}/purchase: ${purchase.requests.average.toFixed(0)} req/s, p50 ${purchase.latency.p50} ms, p99 ${purchase.latency.p99} ms, ${purchase['2xx']} ok, ${purchase.non2xx + purchase.errors + purchase.timeouts} failed`,
          );
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
