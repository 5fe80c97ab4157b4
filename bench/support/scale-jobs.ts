// The jobs and the reads that grow with the world and the players, each timed on
// a padded database, with the growth of this process's memory while it ran: a job that loads the
// whole world into memory shows here as hundreds of MB.
import { performance } from 'node:perf_hooks';
import { RANKING_BOARDS } from '../../schema/api/rankings.ts';
import { MarketplaceQuery } from '../../schema/api/marketplace.ts';
import { earningsMonthOf } from '../../schema/rules/earnings.ts';
import { rentPeriodOf } from '../../schema/rules/rent.ts';
import { payMonthlyEarnings } from '../../game-server/commands/earnings-run.ts';
import { generateRentPeriod } from '../../game-server/commands/rent-run.ts';
import { remindAllRent } from '../../game-server/commands/reminders-run.ts';
import { economyOverview } from '../../game-server/domain/economy/economy-overview.ts';
import { foldRollups } from '../../game-server/domain/economy/rollups.ts';
import { readRanking } from '../../game-server/domain/social/rankings.ts';
import { territoriesChangedSince } from '../../game-server/domain/world/changes.ts';
import { searchMarketplace } from '../../game-server/domain/world/territories.ts';
import { transaction, type Sql } from '../../game-server/infra/db/database.ts';
import { outboxHead } from '../../game-server/infra/events/outbox.ts';
import { paddedPlayerId } from '../../game-server/testing/pad-players.ts';

export interface JobTiming {
  job: string;
  /** For a batched run stopped at the budget: its pace over the whole run. */
  ms: number;
  /** Whether the run was stopped at the budget and `ms` is its pace over what it would have done. */
  projected?: boolean;
  /** How much this process's resident memory rose above where it stood when the job began, at its highest. */
  peakMb: number;
  detail: string;
}

/** Outbox events the `?since=` read is measured against: a day of a busy world, mostly balance moves. */
const OUTBOX_EVENTS = 200_000;
/** How far back the `?since=` reader last looked. */
const SINCE_BACK = 20_000;

type Outcome = string | { detail: string; projectedMs?: number };

async function timed(job: string, work: () => Promise<Outcome>): Promise<JobTiming> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const outcome = await work();
    const { detail, projectedMs } = typeof outcome === 'string' ? { detail: outcome, projectedMs: undefined } : outcome;
    const peakMb = (Math.max(peak, process.memoryUsage().rss) - before) / 1e6;
    return { job, ms: projectedMs ?? performance.now() - started, projected: projectedMs !== undefined, peakMb, detail };
  } finally {
    clearInterval(sampler);
  }
}

/** A day of outbox events by SQL: one in ten says a territory changed, the rest that balances moved. */
async function fillOutbox(sql: Sql): Promise<void> {
  const [{ territories }] = await sql<{ territories: number }[]>`select max(id)::int as territories from territories`;
  await transaction(sql, async (tx) => {
    await tx`set local statement_timeout = 0`;
    await tx`
    with counter as (update outbox_counter set last_seq = last_seq + ${OUTBOX_EVENTS} returning last_seq)
    insert into outbox (seq, event)
    select counter.last_seq - ${OUTBOX_EVENTS} + n,
           case when n % 10 = 0 then jsonb_build_object('type', 'territories.changed', 'territoryIds', jsonb_build_array(1 + (n * 7919) % ${territories}))
                else jsonb_build_object('type', 'balances.changed', 'userIds', jsonb_build_array('pad-' || (1 + n % 1000))) end
      from counter, generate_series(1, ${OUTBOX_EVENTS}) n`;
  });
  await sql`analyze outbox`;
}

/** What autovacuum would have done by now, so counts can read the indexes alone; longer than a session's statement limit. */
export async function vacuumAnalyze(sql: Sql): Promise<void> {
  const connection = await sql.reserve();
  try {
    await connection`set statement_timeout = 0`;
    await connection`vacuum analyze`;
  } finally {
    connection.release();
  }
}

const search = (query: Record<string, string>) => MarketplaceQuery.parse(query);

class BudgetSpent extends Error {}

/**
 * A batched run that may stop once it has run `budgetMs` (a slow run at a million territories
 * would take an hour): after a committed batch past the budget, it stops, and its time is
 * projected from its pace, `done` of `total` by the counts after it. Without a budget it runs whole.
 */
async function batchedRun(
  budgetMs: number | undefined,
  run: (afterBatch: () => void) => Promise<string>,
  progress: () => Promise<{ done: number; total: number }>,
): Promise<{ detail: string; projectedMs?: number }> {
  const started = performance.now();
  try {
    return {
      detail: await run(() => {
        if (budgetMs !== undefined && performance.now() - started > budgetMs) throw new BudgetSpent();
      }),
    };
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    const elapsed = performance.now() - started;
    const { done, total } = await progress();
    return {
      detail: `stopped after ${(elapsed / 1000).toFixed(0)} s at ${done} of ${total}`,
      projectedMs: done > 0 ? (elapsed * total) / done : Infinity,
    };
  }
}

/**
 * Runs every job once on a padded world (see pad-players.ts) at `now`: the rent cycle of its period,
 * the earnings of the month before (the month the earnings ranking reads), the rollup fold, then
 * the reads. Each is timed alone, one after the other.
 */
export async function measureJobs(sql: Sql, now: Date, players: number, budgetMs?: number): Promise<JobTiming[]> {
  const deps = { sql, clock: () => now };
  const period = rentPeriodOf(now);
  const lastMonth = earningsMonthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const viewer = paddedPlayerId(Math.ceil(players / 2));
  const timings: JobTiming[] = [];
  const run = async (job: string, work: () => Promise<Outcome>) => timings.push(await timed(job, work));
  const owned = async () =>
    (await sql<{ count: number }[]>`select count(*)::int as count from territories where owner_id is not null`)[0].count;

  await run('rent cycle, first pass', () =>
    batchedRun(
      budgetMs,
      async (afterBatch) => `${(await generateRentPeriod(deps, period, { afterBatch })).created} payments`,
      async () => ({
        done: (await sql<{ count: number }[]>`select resume_after_id as count from rent_periods where period = ${period}`)[0].count,
        total: (await sql<{ count: number }[]>`select max(id)::int as count from territories`)[0].count,
      }),
    ),
  );
  await run('rent cycle, rerun', () =>
    batchedRun(
      budgetMs,
      async (afterBatch) => `${(await generateRentPeriod(deps, period, { afterBatch })).created} payments`,
      async () => ({ done: 0, total: await owned() }),
    ),
  );
  // Some rent paid, as the tribute ranking counts it.
  await sql`update rent_payments set paid_at = ${now} where period = ${period} and id % 3 = 0`;
  // The hour the period's payments fall due soon: every payer is to be reminded.
  const [{ due }] = await sql<{ due: Date | null }[]>`select min(due_date) as due from rent_payments where period = ${period}`;
  const dueSoon = new Date((due ?? now).getTime() - 2 * 86_400_000);
  await run('rent reminders, the run as payments fall due', async () => {
    const { reminded } = await remindAllRent({ sql, clock: () => dueSoon });
    const [{ unpaid }] = await sql<{ unpaid: number }[]>`select count(*)::int as unpaid from rent_payments where paid_at is null`;
    return `${reminded} reminded of ${unpaid} payments unpaid`;
  });
  await run('monthly earnings', () =>
    batchedRun(
      budgetMs,
      async (afterBatch) => {
        const paid = await payMonthlyEarnings(deps, lastMonth, { afterBatch });
        return `${paid.territories} territories, ${paid.minted} DRK`;
      },
      async () => ({
        done: (
          await sql<
            { count: number }[]
          >`select count(*)::int as count from territory_earnings where month = ${lastMonth} and paid_at is not null`
        )[0].count,
        total: await owned(),
      }),
    ),
  );
  await run('rollup fold', async () => `${await foldRollups(sql)} delta rows`);
  await vacuumAnalyze(sql);
  await run('economy overview', async () => `${(await economyOverview(sql, now)).concentration.holders} holders`);
  for (const board of RANKING_BOARDS) {
    await run(`ranking: ${board}`, async () => {
      const ranking = await readRanking(sql, board, viewer, now);
      return `top ${ranking.top.length}, a middle player ${ranking.you ? `at ${ranking.you.rank}` : 'unranked'}`;
    });
  }
  const searches: [string, Record<string, string>][] = [
    ['cheapest first', {}],
    ['by name', { sort: 'name' }],
    ['by revenue', { sort: 'revenue' }],
    ['newest', { sort: 'newest' }],
    ['one region, cheapest', { region: 'europe' }],
    ["a city's crowd by name", { q: 'vienna' }],
    ['one village by name', { q: 'village 4321' }],
    ['a name nobody has', { q: 'zzq' }],
    ["a city's crowd, by name", { q: 'vienna', sort: 'name' }],
  ];
  for (const [name, query] of searches) {
    await run(`marketplace: ${name}`, async () => {
      const page = await searchMarketplace(sql, search(query));
      return `${page.listings.length} of ${page.total}`;
    });
  }
  await fillOutbox(sql);
  const head = await outboxHead(sql);
  await run(`?since= ${SINCE_BACK.toLocaleString('en-US')} events back`, async () => {
    const changed = await territoriesChangedSince(sql, head - SINCE_BACK);
    return changed ? `${changed.rows.length} territories` : 'whole world';
  });
  return timings;
}
