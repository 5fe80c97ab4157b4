// The rankings at 100,000 players on real PostgreSQL: each board's top places and a player's own
// place, for the richest, a middle and the poorest player. Printed as a ratio against a floor
// measured in the same run (a one-row primary-key read), so a loaded machine does not skew it.
// Run: npm exec -- node bench/rankings.bench.ts (TEST_DATABASE_URL names the server's maintenance
// database; a fresh database is created there and dropped afterwards).
import { randomBytes } from 'node:crypto';
import { RANKING_BOARDS } from '../schema/api/rankings.ts';
import { openPostgres, type Sql } from '../game-server/infra/db/database.ts';
import { migrate } from '../game-server/infra/db/migrate.ts';
import { seed } from '../game-server/domain/seed/seed.ts';
import { readRanking } from '../game-server/domain/social/rankings.ts';
import { adminConnection, databaseUrl } from '../game-server/testing/postgres-admin.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PLAYERS = Number(process.env.RANKING_PLAYERS ?? 100_000);
const RUNS = 15;
const NOW = new Date('2031-03-15T12:00:00Z');

// Players, balances, territories and rent straight in SQL: the bench measures reads, and a
// throwaway database need not keep the ledger that a real one does.
async function generate(sql: Sql): Promise<void> {
  await sql`
    insert into users (id, username, password_hash, drk_balance)
    select 'gen-' || n, 'gen-' || n, 'no-login', (n * 7919) % 250000 from generate_series(1, ${PLAYERS}) n`;
  await sql`
    update territories t set owner_id = 'gen-' || (1 + (t.id * 104729) % ${PLAYERS}) where t.owner_id is null`;
  await sql`
    insert into rent_payments (period, payer_territory_id, payer_id, payee_id, payment_type, amount, due_date, paid_at)
    select '2031-H1', t.id, t.owner_id, p.owner_id, 'rent', 50, ${NOW}, ${NOW}
      from territories t join territories p on p.id = t.parent_territory_id
     where t.owner_id like 'gen-%' and p.owner_id like 'gen-%' and t.owner_id <> p.owner_id`;
  // As autovacuum would: the visibility map lets a count read the index alone.
  await sql`vacuum analyze`;
}

async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

async function main(): Promise<void> {
  const name = `wanakt_bench_rank_${randomBytes(4).toString('hex')}`;
  const admin = adminConnection(ADMIN_URL);
  await admin.unsafe(`create database ${name}`);
  const database = await openPostgres(databaseUrl(ADMIN_URL, name), { max: 4 });
  try {
    await migrate(database.sql);
    await seed(database.sql, { wanaktPassword: 'bench-only', includeDemo: false, now: NOW });
    const started = performance.now();
    await generate(database.sql);
    console.log(`${PLAYERS.toLocaleString('en-US')} players generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const sql = database.sql;
    const floor = await median(() => sql`select id from users where id = 'gen-1'`);
    const viewers = {
      richest: (await sql<{ id: string }[]>`select id from users order by drk_balance desc, id limit 1`)[0].id,
      middle: (await sql<{ id: string }[]>`select id from users order by drk_balance desc, id offset ${Math.floor(PLAYERS / 2)} limit 1`)[0]
        .id,
      poorest: (await sql<{ id: string }[]>`select id from users where drk_balance > 0 order by drk_balance, id limit 1`)[0].id,
    };
    console.log(`floor (one-row read): ${floor.toFixed(2)} ms`);
    for (const board of RANKING_BOARDS) {
      for (const [who, id] of Object.entries(viewers)) {
        const ms = await median(() => readRanking(sql, board, id, NOW));
        console.log(
          `${board.padEnd(12)} top 50 + own place (${who.padEnd(7)}): ${ms.toFixed(2).padStart(7)} ms = ${(ms / floor).toFixed(1).padStart(6)} × floor`,
        );
      }
    }
    const [plan] = await sql.unsafe(`
      explain (analyze, buffers, format json)
      select count(*) from users a where not a.is_wanakt and a.drk_balance > 125000`);
    const root = (
      plan['QUERY PLAN'] as {
        Plan: { 'Node Type': string; 'Actual Total Time': number; Plans?: { 'Node Type': string; 'Index Name'?: string }[] };
      }[]
    )[0].Plan;
    console.log(
      `a middle player's place: ${root.Plans?.[0]?.['Node Type']} on ${root.Plans?.[0]?.['Index Name'] ?? '-'}, ${root['Actual Total Time'].toFixed(2)} ms in the server`,
    );
  } finally {
    await database.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
