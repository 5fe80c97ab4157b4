// The public economy at scale: 1,000,000 generated ledger rows on real PostgreSQL, then the
// latency of the economy page's call against the health call (the floor: a request that does
// nothing but one `select 1`), the cost of refreshing the figures, a statement page and the audit.
// Run: npm exec -- node bench/economy.bench.ts (TEST_DATABASE_URL names the server's maintenance
// database; a fresh database is created there and dropped afterwards). ROWS=... for another size.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../game-server/config.ts';
import { createSession, SESSION_COOKIE } from '../game-server/domain/auth/sessions.ts';
import { inTransaction } from '../game-server/infra/db/database.ts';
import { transfer } from '../game-server/domain/economy/ledger.ts';
import { economyOverview } from '../game-server/domain/economy/economy-overview.ts';
import { createLogger } from '../game-server/infra/logger.ts';
import { startGameServer } from '../game-server/server.ts';
import { openScratchDatabase } from './support/scratch-database.ts';
import { generateLedgerHistory } from '../game-server/testing/ledger-history.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const SAMPLES = 200;
// The figures are cached for 5 s; moving the server's clock this far before a request makes it miss.
const CACHE_MISS_STEP_MS = 6_000;

interface Timing {
  p50: number;
  p99: number;
}

function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p99: at(0.99) };
}

async function time(count: number, work: (i: number) => Promise<void>): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

// Each request names its own client address (the server trusts the loopback proxy's header), so
// the per-address limit of the public calls does not turn the measurement into 429s.
async function get(url: string, i: number, cookie?: string): Promise<void> {
  const response = await fetch(url, { headers: { 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}`, ...(cookie ? { cookie } : {}) } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

/** Prints a timing, and its p50 as a multiple of the p50 of `against` (a floor measured in the same run). */
function line(title: string, timing: Timing, against?: { name: string; timing: Timing }): void {
  const ratio = against ? `   ${(timing.p50 / against.timing.p50).toFixed(1)}× ${against.name}` : '';
  console.log(`${title.padEnd(46)} p50 ${timing.p50.toFixed(1).padStart(7)} ms   p99 ${timing.p99.toFixed(1).padStart(7)} ms${ratio}`);
}

async function main(): Promise<void> {
  const database = await openScratchDatabase(ADMIN_URL, { max: 20 });
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'error', WANAKT_PASSWORD: randomBytes(12).toString('hex') });
  const server = await startGameServer({ config, log: createLogger('error'), database, clock });
  try {
    const sql = database.sql;
    console.log(`Machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start`);
    const generating = performance.now();
    await generateLedgerHistory(sql, { rows: ROWS, days: 365, players: 2_000, now: new Date() });
    await sql`vacuum analyze`;
    const [counts] = await sql<{ ledger: string; daily: string; market: string; trades: string }[]>`
      select (select count(*) from ledger)::text as ledger, (select count(*) from ledger_daily)::text as daily,
             (select count(*) from market_daily)::text as market, (select count(*) from ownership_changes)::text as trades`;
    console.log(
      `Generated in ${((performance.now() - generating) / 1000).toFixed(1)} s: ${Number(counts.ledger).toLocaleString('en-US')} ledger rows, ` +
        `${Number(counts.trades).toLocaleString('en-US')} trades; rollups: ${counts.daily} ledger_daily rows, ${counts.market} market_daily rows`,
    );

    const floor = { name: 'the health call', timing: await time(SAMPLES, (i) => get(`${server.url}/api/health`, i)) };
    line('GET /api/health (floor)', floor.timing);
    const uncached = await time(SAMPLES, (i) => {
      offset += CACHE_MISS_STEP_MS;
      return get(`${server.url}/api/economy`, SAMPLES + i);
    });
    line('GET /api/economy, every figure recomputed', uncached, floor);
    const cached = await time(SAMPLES, (i) => get(`${server.url}/api/economy`, 2 * SAMPLES + i));
    line('GET /api/economy, within the 5 s cache', cached, floor);
    line('economyOverview() in process, no HTTP', await time(50, () => economyOverview(sql, clock()).then(() => undefined)), floor);

    // What the rollups save: the monthly mints and flows summed from the raw ledger instead.
    const raw = await time(5, async () => {
      await sql`select to_char(created_at, 'YYYY-MM'), reason, from_user_id is null, sum(amount) from ledger group by 1, 2, 3`;
    });
    line('the same monthly sums from the raw ledger', raw, floor);

    const [busiest] = await sql<{ id: string; n: string }[]>`
      select to_user_id as id, count(*)::text as n from ledger where to_user_id like 'gen-%' group by 1 order by 2 desc limit 1`;
    const cookie = `${SESSION_COOKIE}=${await createSession(sql, busiest.id, new Date())}`;
    line(
      `GET /api/account/statement (${Number(busiest.n).toLocaleString('en-US')}+ moves)`,
      await time(50, (i) => get(`${server.url}/api/account/statement?limit=200`, 3 * SAMPLES + i, cookie)),
      floor,
    );

    const auditing = performance.now();
    const audit = await fetch(`${server.url}/api/economy/audit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const result = (await audit.json()) as { last_audit: { ok: boolean; problems: string[] } };
    console.log(
      `POST /api/economy/audit over the whole ledger: ${(performance.now() - auditing).toFixed(0)} ms, ` +
        `${result.last_audit.ok ? 'the books balance' : result.last_audit.problems.join('; ')}`,
    );

    // What the rollup trigger costs a write: one transfer per transaction, with and then without it
    // (last, as the rollups miss what is written while it is off).
    const transfers = (i: number) =>
      inTransaction(sql, (tx) => transfer(tx, `gen-${i % 2_000}`, `gen-${(i + 1) % 2_000}`, { amount: 1, reason: 'rent' }, new Date()));
    const withTrigger = await time(200, transfers);
    await sql`alter table ledger disable trigger ledger_daily_add`;
    const withoutTrigger = await time(200, transfers);
    line('a transfer without the rollup trigger', withoutTrigger);
    line('a transfer with the rollup trigger', withTrigger, { name: 'without', timing: withoutTrigger });
    console.log(`Load average ${loadavg()[0].toFixed(1)} at the end`);
    if (!result.last_audit.ok) process.exitCode = 1;
  } finally {
    await server.stop();
    await database.close();
  }
}

await main();
