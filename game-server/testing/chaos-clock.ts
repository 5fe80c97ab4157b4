import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { mint } from '../domain/economy/ledger.ts';
import { inTransaction, type Sql } from '../infra/db/database.ts';

/**
 * The chaos run's clock faults (docs/design.md "One clock"). clock: one process's wall clock
 * stepped an hour forward, then back, as a bad NTP step does; skew: one process's clock 5 minutes
 * ahead of the database's and the other processes', as a host whose clock is off. The processes'
 * clocks are moved with libfaketime (movable-clocks.ts).
 */
export const CLOCK_STEP_SECONDS = 3600;
export const CLOCK_SKEW_SECONDS = 300;

// The season the stepped process passes the end of: it ends half an hour (in true time) after the
// step is due, so the step crosses it whether it comes up to half an hour early or late (a restart
// or a slow fault before it moves it), and the true time does not reach it before a 20-minute run
// ends. Seasons of one week, their job every 10 s, so the stepped process meets the end in its step.
const SEASON_END_AFTER_STEP_MS = 30 * 60_000;
const SEASON_POOL = 100;
const WEEK_MS = 7 * 24 * 3600_000;

/** The processes' season settings: a one-week season that ends half an hour after `stepDueAt`. */
export function seasonAcrossStep(stepDueAt: number): { end: Date; env: Record<string, string> } {
  const end = new Date(Math.round((stepDueAt + SEASON_END_AFTER_STEP_MS) / 1000) * 1000);
  return {
    end,
    env: {
      SEASON_EPOCH: new Date(end.getTime() - WEEK_MS).toISOString(),
      SEASON_WEEKS: '1',
      SEASON_POOL: String(SEASON_POOL),
      SEASON_CRON: '*/10 * * * * *',
    },
  };
}

/** The treasury covers the pools of the seasons the run announces (each is announced only if it can be paid). */
export function fundSeasons(sql: Sql): Promise<void> {
  return inTransaction(sql, (tx) => mint(tx, WANAKT_USER_ID, { amount: 10 * SEASON_POOL, reason: 'admin_mint' }, new Date()));
}

/** One clock fault: whose clock, by how much, and from when to when (true time, ms). */
export interface ClockWindow {
  kind: 'clock' | 'skew';
  victim: string;
  offsetSeconds: number;
  from: number;
  to: number;
}

/** A command of the run, as far as its clock matters: its request id, where it went, and when. */
export interface TimedCommand {
  id: string;
  process: string;
  at: number;
  ms: number;
}

export interface ClockReport {
  /** Per window: the commands through the moved process inside it that wrote ledger lines, and how far ahead of the database's time those lines were stamped. */
  windows: {
    kind: ClockWindow['kind'];
    victim: string;
    offsetSeconds: number;
    atSeconds: number;
    stamped: number;
    leadSeconds: number[];
  }[];
  /** The season whose end the step crossed: when it ended, and when (game time) and by how much it was paid. */
  season: { end: string; paidAt: string | null; paidTotal: number | null; rewardLines: number } | null;
  /** What must not happen: a line stamped by another clock than its process's, a job run twice, the season not paid in the step. */
  problems: string[];
}

// A command's game time is read as it starts, the database's time as its transaction starts: a
// command waiting for its turn (admission) or its row locks can start its transaction seconds later.
const STAMP_SLACK_S = 5;
// libfaketime re-reads a moved clock within a second: commands at a window's edges are not judged.
const EDGE_MS = 2000;

/**
 * What the clock faults left: each ledger line of a command is stamped with its process's clock
 * (its time less its commit's database time, outbox.created_at, is that process's offset then),
 * each season's pool is paid once and the one whose end the step crossed is paid in the step,
 * and no month's earnings are paid twice.
 */
export async function judgeClocks(
  sql: Sql,
  run: { windows: ClockWindow[]; commands: TimedCommand[]; started: number; season: Date | null },
): Promise<ClockReport> {
  const problems: string[] = [];
  // Rows written in one transaction share its xmin: a command's ledger lines and its outbox events.
  const leads = await sql<{ trace_id: string; lead: number }[]>`
    select o.trace_id, extract(epoch from min(l.created_at) - min(o.created_at))::float8 as lead
      from outbox o join ledger l on l.xmin::text = o.xmin::text
     where o.trace_id like 'chaos-%'
     group by o.trace_id`;
  const leadOf = new Map(leads.map((row) => [row.trace_id, row.lead]));
  const offsetAt = (command: TimedCommand): number | null => {
    for (const window of run.windows.filter((one) => one.victim === command.process)) {
      const start = command.at;
      const end = command.at + command.ms;
      if (start >= window.from + EDGE_MS && end <= window.to - EDGE_MS) return window.offsetSeconds;
      if (end >= window.from - EDGE_MS && start <= window.to + EDGE_MS) return null;
    }
    return 0;
  };
  const at = (ms: number) => `${((ms - run.started) / 1000).toFixed(1)} s`;
  for (const command of run.commands) {
    const lead = leadOf.get(command.id);
    const expected = offsetAt(command);
    if (lead === undefined || expected === null) continue;
    if (Math.abs(lead - expected) > STAMP_SLACK_S) {
      problems.push(
        `the command at ${at(command.at)} through ${command.process} (its clock ${expected >= 0 ? '+' : ''}${expected} s) wrote ledger lines ${lead.toFixed(1)} s from the database's time`,
      );
    }
  }
  const windows = run.windows.map((window) => {
    const inside = run.commands.filter(
      (command) =>
        command.process === window.victim &&
        command.at >= window.from + EDGE_MS &&
        command.at + command.ms <= window.to - EDGE_MS &&
        leadOf.has(command.id),
    );
    return {
      kind: window.kind,
      victim: window.victim,
      offsetSeconds: window.offsetSeconds,
      atSeconds: (window.from - run.started) / 1000,
      stamped: inside.length,
      leadSeconds: inside.map((command) => Math.round(leadOf.get(command.id)!)),
    };
  });

  const twice = await sql<{ reason: string; reference: string; to_user_id: string; n: number }[]>`
    select reason, reference, to_user_id, count(*)::int as n from ledger
     where reason in ('season_reward', 'earnings')
     group by reason, reference, to_user_id, territory_id having count(*) > 1`;
  for (const row of twice) problems.push(`${row.reason} "${row.reference}" paid ${row.n} times to ${row.to_user_id}`);
  const unequal = await sql<{ number: number; paid_total: string; lines: string }[]>`
    select s.number, s.paid_total::text, coalesce(sum(l.amount), 0)::text as lines
      from seasons s left join ledger l on l.reason = 'season_reward' and l.reference = 'season ' || s.number
     where s.paid_at is not null
     group by s.number, s.paid_total having s.paid_total <> coalesce(sum(l.amount), 0)`;
  for (const row of unequal) problems.push(`season ${row.number} paid ${row.paid_total} DRK by its row, ${row.lines} by the ledger`);

  let season: ClockReport['season'] = null;
  if (run.season) {
    const [row] = await sql<{ paid_at: Date | null; paid_total: string | null; lines: number }[]>`
      select s.paid_at, s.paid_total::text,
             (select count(*)::int from ledger where reason = 'season_reward' and reference = 'season ' || s.number) as lines
        from seasons s where s.ends_at = ${run.season}`;
    season = {
      end: run.season.toISOString(),
      paidAt: row?.paid_at?.toISOString() ?? null,
      paidTotal: row?.paid_total === null || row === undefined ? null : Number(row.paid_total),
      rewardLines: row?.lines ?? 0,
    };
    const steps = run.windows.filter((window) => window.kind === 'clock');
    const crossed = steps.some((step) => step.from + step.offsetSeconds * 1000 >= run.season!.getTime());
    if (crossed && !row?.paid_at) problems.push(`the season ending at ${season.end} was not paid while a clock stepped past its end`);
    if (row?.paid_at && row.paid_at.getTime() < run.season.getTime()) {
      problems.push(`the season ending at ${season.end} was paid at ${season.paidAt}, before its end`);
    }
  }
  return { windows, season, problems };
}
