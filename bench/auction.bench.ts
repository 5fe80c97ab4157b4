// One hot auction under load, beside a listing purchase under the same load (docs/rules.md §4
// "Auctions"): bids arrive open-loop at RATE a second for SECONDS, each from one of BIDDERS players
// bidding the least next bid it last saw or up to 27 % more, so many race for the same amount and
// all but one are refused; then listing purchases arrive at the same rate from as many buyers, each of its own
// listed territory. For each: offered and accepted calls a second, p50 and p99 latency, refusals,
// 5xx, and the deadlocks PostgreSQL counted (must be 0), and the auction's p99 as a multiple of the
// purchase's. The books are checked at the end.
// Run: npm exec -- node bench/auction.bench.ts (TEST_DATABASE_URL names the server's maintenance
// database; a fresh database is created there and dropped afterwards). RATE=, SECONDS=, BIDDERS=.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../game-server/config.ts';
import { createSession, SESSION_COOKIE } from '../game-server/domain/auth/sessions.ts';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import { seed } from '../game-server/domain/seed/seed.ts';
import type { Sql } from '../game-server/infra/db/database.ts';
import { migrate } from '../game-server/infra/db/migrate.ts';
import { createLogger } from '../game-server/infra/logger.ts';
import { startGameServer } from '../game-server/server.ts';
import { padWorld } from '../game-server/testing/pad-world.ts';
import { createPlayer } from '../game-server/testing/players.ts';
import { openScratchDatabase } from './support/scratch-database.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 20);
const BIDDERS = Number(process.env.BIDDERS ?? 50);
// The 5 % raise compounds: past this least next bid the seller starts a fresh auction and the load
// moves to it, so the bidders' balances stay in range. One auction is hot at any moment.
const ROTATE_ABOVE = 20_000;
const LISTING_PRICE = 100;

interface Player {
  id: string;
  cookie: string;
  address: string;
}

interface Outcome {
  ms: number;
  status: number;
  body: { message?: string; auction?: { min_next_bid: number } };
}

interface Figures {
  offered: number;
  accepted: number;
  refused: number;
  failed: number;
  p50: number;
  p99: number;
  deadlocks: number;
  seconds: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

async function deadlocks(sql: Sql): Promise<number> {
  const [row] = await sql<{ deadlocks: number }[]>`select deadlocks::int from pg_stat_database where datname = current_database()`;
  return row.deadlocks;
}

async function post(url: string, player: Player, body: unknown): Promise<Outcome> {
  const start = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: player.cookie, 'x-forwarded-for': player.address },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Outcome['body'];
  return { ms: performance.now() - start, status: response.status, body: answer };
}

/** Sends `next(i)` every 1/RATE s for SECONDS, whatever the answers (open loop), and sums up what came back. */
async function openLoop(sql: Sql, next: (i: number) => Promise<Outcome>): Promise<Figures> {
  const before = await deadlocks(sql);
  const total = RATE * SECONDS;
  const started = performance.now();
  const calls: Promise<Outcome>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(next(i));
  }
  const outcomes = await Promise.all(calls);
  const seconds = (performance.now() - started) / 1000;
  const sorted = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  return {
    offered: total,
    accepted: outcomes.filter((outcome) => outcome.status === 200 || outcome.status === 201).length,
    refused: outcomes.filter((outcome) => outcome.status >= 400 && outcome.status < 500).length,
    failed: outcomes.filter((outcome) => outcome.status >= 500).length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    deadlocks: (await deadlocks(sql)) - before,
    seconds,
  };
}

function line(title: string, figures: Figures, against?: Figures): void {
  const ratio = against
    ? `   p50 ${(figures.p50 / against.p50).toFixed(1)}×, p99 ${(figures.p99 / against.p99).toFixed(1)}× the purchase's`
    : '';
  console.log(
    `${title.padEnd(24)} ${(figures.accepted / figures.seconds).toFixed(1).padStart(5)} accepted/s of ${(figures.offered / figures.seconds).toFixed(1)} offered` +
      `   p50 ${figures.p50.toFixed(1).padStart(6)} ms   p99 ${figures.p99.toFixed(1).padStart(6)} ms` +
      `   refused ${figures.refused}   5xx ${figures.failed}   deadlocks ${figures.deadlocks}${ratio}`,
  );
}

async function players(sql: Sql, count: number, balance: number, from: number): Promise<Player[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const id = await createPlayer(sql, { balance });
      const n = from + i;
      return { id, cookie: `${SESSION_COOKIE}=${await createSession(sql, id, new Date())}`, address: `10.77.${(n >> 8) & 255}.${n & 255}` };
    }),
  );
}

async function main(): Promise<void> {
  const database = await openScratchDatabase(ADMIN_URL, { max: 20 });
  const wanaktPassword = randomBytes(12).toString('hex');
  try {
    const sql = database.sql;
    console.log(`Machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start`);
    console.log(`${RATE} calls a second for ${SECONDS} s; ${BIDDERS} bidders on one auction, then ${BIDDERS} buyers of listed land`);
    // The land the purchases take is in the world before the server loads it: one listed territory per purchase.
    await migrate(sql);
    await seed(sql, { wanaktPassword, includeDemo: false, now: new Date() });
    await padWorld(sql, RATE * SECONDS + 1_000);
    // The listed land belongs to as many sellers as there are buyers, so a purchase waits on no
    // one else's: the floor is the write itself, the auction's figures are the write and its queue.
    const sellers = await players(sql, BIDDERS, 1_000, 0);
    const bidders = await players(sql, BIDDERS, 5 * ROTATE_ABOVE, BIDDERS);
    const buyers = await players(sql, BIDDERS, LISTING_PRICE * RATE * SECONDS, 2 * BIDDERS);
    const free = await sql<{ id: number }[]>`
      select id from territories where owner_id is null and type not in ('wanakt', 'wonder') order by id limit ${RATE * SECONDS + 20 * BIDDERS}`;
    const land = free.map((row) => ({ id: row.id }));
    await sql`
      update territories t set owner_id = o.owner_id, sale_price = ${LISTING_PRICE}
        from unnest(${land.map((row) => row.id)}::int[], ${land.map((_, i) => sellers[i % BIDDERS].id)}::text[]) as o (id, owner_id)
       where t.id = o.id`;
    await sql`vacuum analyze`;

    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'error', TRUST_PROXY: 'loopback', WANAKT_PASSWORD: wanaktPassword });
    const server = await startGameServer({ config, log: createLogger('error'), database });
    try {
      const api = `${server.url}/api`;
      // Each auction is of land the purchases leave alone, by its own owner (a player runs at most 10).
      const spare = land.slice(RATE * SECONDS).map((row, i) => ({ id: row.id, seller: sellers[(RATE * SECONDS + i) % BIDDERS] }));
      const startAuction = async () => {
        const next = spare.shift();
        if (!next) throw new Error('No land left for another auction');
        const started = await post(`${api}/territories/${next.id}/auctions`, next.seller, { start_price: 1, duration_hours: 168 });
        if (started.status !== 201) throw new Error(`Starting an auction answered ${started.status}: ${started.body.message}`);
        return (started.body.auction as unknown as { id: number }).id;
      };
      let auctionId = await startAuction();
      let auctions = 1;
      let least = 1;
      let rotating = false;
      const refusals = new Map<string, number>();
      const bidding = await openLoop(sql, async (i) => {
        // Each bids the least it last saw, or up to 27 % more, as people do: the same amount races.
        const amount = Math.ceil(least * (1 + (i % 10) * 0.03));
        const outcome = await post(`${api}/auctions/${auctionId}/bids`, bidders[i % BIDDERS], { amount });
        if (outcome.status >= 400) {
          // Its first words: the territory changes with each auction, the reason does not.
          const why = `${(outcome.body.message ?? String(outcome.status))
            .replace(/[\d,]+ DRK/g, 'N DRK')
            .split(' ')
            .slice(0, 4)
            .join(' ')} …`;
          refusals.set(why, (refusals.get(why) ?? 0) + 1);
        }
        if (outcome.body.auction) least = Math.max(least, outcome.body.auction.min_next_bid);
        else if (outcome.status === 409) {
          const match = /at least ([\d,]+) DRK/.exec(outcome.body.message ?? '');
          if (match) least = Math.max(least, Number(match[1].replaceAll(',', '')));
        }
        if (least > ROTATE_ABOVE && !rotating) {
          rotating = true;
          auctionId = await startAuction();
          auctions += 1;
          least = 1;
          rotating = false;
        }
        return outcome;
      });
      const buying = await openLoop(sql, (i) => post(`${api}/territories/${land[i].id}/purchase`, buyers[i % BIDDERS], {}));

      for (const [why, count] of refusals) console.log(`  refused ${count}×: ${why}`);
      line('listing purchase', buying);
      line('bid on one hot auction', bidding, buying);
      console.log(`(${auctions} auction${auctions === 1 ? '' : 's'} took the bids in turn: the 5 % raise compounds)`);
      const books = await checkInvariants(sql);
      console.log(`Ledger invariants: ${books.ok ? 'OK' : books.problems.join('; ')}`);
      console.log(`Load average ${loadavg()[0].toFixed(1)} at the end`);
      if (!books.ok || bidding.deadlocks > 0 || buying.deadlocks > 0 || bidding.failed > 0) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
  }
}

await main();
