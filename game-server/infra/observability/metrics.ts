import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Sql } from '../db/database.ts';
import { latestBackupAge } from '../backup/scheduled-backup.ts';
import { outboxHead } from '../events/outbox.ts';

// One registry per process: a process is one game server, and Prometheus scrapes each process.
// The figures that belong to the whole world (payments, supply, outbox) are read from the
// database at scrape time, so every process reports the same committed values.
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const PREFIX = 'wanakt_';
// Commands take a database round trip or a few; a slow one takes seconds.
const COMMAND_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

export const playersOnline = new Gauge({
  name: `${PREFIX}players_online`,
  help: 'People in the world across every process, as this process last counted them',
  registers: [registry],
});

export const roomsHere = new Gauge({ name: `${PREFIX}rooms`, help: 'World rooms this process holds', registers: [registry] });

export const roomClients = new Gauge({
  name: `${PREFIX}room_clients`,
  help: 'Clients connected to the rooms of this process',
  registers: [registry],
});

export const commands = new Counter({
  name: `${PREFIX}commands_total`,
  help: 'Commands answered, by name and result (ok, refused: a 4xx answer, error: a 5xx answer)',
  labelNames: ['command', 'result'] as const,
  registers: [registry],
});

export const commandSeconds = new Histogram({
  name: `${PREFIX}command_duration_seconds`,
  help: 'Time from receiving a command to answering it',
  labelNames: ['command'] as const,
  buckets: COMMAND_BUCKETS,
  registers: [registry],
});

export const deliveryLagSeconds = new Histogram({
  name: `${PREFIX}event_delivery_lag_seconds`,
  help: 'Time from a commit to its event being applied by a world room',
  labelNames: ['event'] as const,
  buckets: LAG_BUCKETS,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: `${PREFIX}rate_limit_refusals_total`,
  help: 'Requests refused with 429 because a caller went over a rate limit, by route',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const viewChanges = new Counter({
  name: `${PREFIX}room_view_changes_total`,
  help: "Clients' view changes: applied, dropped for a newer one while waiting for the pace, or refused as a flood",
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const roomMessageRefusals = new Counter({
  name: `${PREFIX}room_message_refusals_total`,
  help: 'Room messages refused (malformed, not allowed, or failed), by message type',
  labelNames: ['type'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: `${PREFIX}job_runs_total`,
  help: 'Scheduled job runs, by job and result (ok, failed)',
  labelNames: ['job', 'result'] as const,
  registers: [registry],
});

export const mailSends = new Counter({
  name: `${PREFIX}mail_sends_total`,
  help: 'Tries to send a queued message, by where it stands after: sent, queued (to be tried again), bounced, failed (given up)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const jobSeconds = new Histogram({
  name: `${PREFIX}job_duration_seconds`,
  help: 'How long each scheduled job run took',
  labelNames: ['job'] as const,
  buckets: JOB_BUCKETS,
  registers: [registry],
});

export const draining = new Gauge({
  name: `${PREFIX}draining`,
  help: '1 while this process drains before it stops, else 0',
  registers: [registry],
});

let database: Sql | null = null;
let outboxPosition: () => number = () => 0;

/** The database the scrape-time figures are read from, and how far this process's relay has delivered. */
export function readFiguresFrom(source: { sql: Sql; outboxPosition: () => number } | null): void {
  database = source?.sql ?? null;
  outboxPosition = source?.outboxPosition ?? (() => 0);
}

/** Reads a figure for a scrape; a database that does not answer leaves the gauge without a value. */
async function fromDatabase<T>(read: (sql: Sql) => Promise<T>): Promise<T | null> {
  if (!database) return null;
  try {
    return await read(database);
  } catch {
    return null;
  }
}

const paymentStatuses = ['pending', 'succeeded', 'failed', 'canceled', 'refunded'];
new Gauge({
  name: `${PREFIX}payments`,
  help: 'Payments in the database, by status',
  labelNames: ['status'] as const,
  registers: [registry],
  async collect() {
    const rows = await fromDatabase(
      (sql) => sql<{ status: string; n: number }[]>`select status, count(*)::int as n from payments group by status`,
    );
    if (!rows) return;
    for (const status of paymentStatuses) this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
  },
});

function supplyGauge(name: string, help: string, column: 'total_supply' | 'circulating_supply'): void {
  new Gauge({
    name: `${PREFIX}${name}`,
    help,
    registers: [registry],
    async collect() {
      const rows = await fromDatabase((sql) => sql<{ value: string }[]>`select ${sql(column)}::text as value from currency_supply`);
      if (rows?.[0]) this.set(Number(rows[0].value));
    },
  });
}
supplyGauge('drk_minted', 'DRK minted so far (the total supply)', 'total_supply');
supplyGauge('drk_circulating', 'DRK held in balances (the circulating supply)', 'circulating_supply');

new Gauge({
  name: `${PREFIX}outbox_backlog`,
  help: 'Committed domain events this process has not yet delivered to its rooms',
  registers: [registry],
  async collect() {
    const head = await fromDatabase(outboxHead);
    if (head !== null) this.set(Math.max(0, head - outboxPosition()));
  },
});

export const backupsScheduled = new Gauge({
  name: `${PREFIX}backups_scheduled`,
  help: '1 when this process runs scheduled backups (BACKUP_CRON is set), else 0',
  registers: [registry],
});

new Gauge({
  name: `${PREFIX}backup_age_seconds`,
  help: 'Seconds since the newest scheduled backup that was written and passed the ledger invariants (NaN before the first)',
  registers: [registry],
  async collect() {
    // A gauge without labels always has a value: NaN says "none", where 0 would say "just now".
    const age = await fromDatabase(async (sql) => (await latestBackupAge(sql)) ?? Number.NaN);
    if (age !== null) this.set(age);
  },
});
