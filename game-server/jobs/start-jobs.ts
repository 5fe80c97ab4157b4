import cron, { type Logger as CronLogger } from 'node-cron';
import { earningsMonthOf } from '../../schema/rules/earnings.ts';
import { rentPeriodOf } from '../../schema/rules/rent.ts';
import { bannerSlotOf } from '../domain/ads/banner-rotation.ts';
import type { ImpressionTally } from '../domain/ads/impression-tally.ts';
import type { ReachTally } from '../domain/social/reach-tally.ts';
import { runScheduledBackup } from '../infra/backup/scheduled-backup.ts';
import type { Config } from '../config.ts';
import type { Database } from '../infra/db/database.ts';
import { payMonthlyEarnings } from '../commands/earnings-run.ts';
import { ensureRentPeriod } from '../commands/rent-run.ts';
import { remindAllRent } from '../commands/reminders-run.ts';
import { forgetOldKeys } from '../commands/idempotency.ts';
import { foldRollups, ROLLUP_FOLD_CRON } from '../domain/economy/rollups.ts';
import { checkInvariants } from '../domain/economy/supply.ts';
import type { CounterStore } from '../infra/limits/counter-store.ts';
import type { Logger } from '../infra/logger.ts';
import { expireAbandonedCheckouts } from '../domain/payments/abandoned-checkouts.ts';
import type { PaymentProvider } from '../domain/payments/provider.ts';
import { jobRuns, jobSeconds } from '../infra/observability/metrics.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { IMPRESSIONS_CRON, runBannerRotation, writeImpressions } from './banner-jobs.ts';
import { REACH_CRON, writeBroadcastReach } from './broadcast-reach.ts';
import { sendDueMail, type MailSettings } from './mail-jobs.ts';
import { forgetFinishedPushes, PUSH_SEND_CRON, sendDuePushes } from './push-jobs.ts';
import type { PushOptions } from '../infra/push/push-service.ts';
import { AD_DEADLINES_CRON, keepAdDeadlines, mailAdReports } from './ad-jobs.ts';
import { mailDigests } from './digest-jobs.ts';
import { runSeasons } from './season-job.ts';
import { expireOffers, OFFER_EXPIRY_CRON } from './offer-expiry.ts';
import { AUCTION_SETTLEMENT_CRON, settleAuctions } from './auction-settlement.ts';

export interface JobDeps extends ServiceDeps {
  log: Logger;
  /** The server's housekeeping; tests of the game's clockwork leave it out. */
  housekeeping?: { payments: PaymentProvider; counters: CounterStore };
  /** The database scheduled backups copy (with BACKUP_CRON). */
  database?: Database;
  /** What this process's world rooms showed, for the banner-impressions job; tests of the clockwork leave it out. */
  impressions?: ImpressionTally;
  /** What this process's world rooms delivered broadcasts to, for the broadcast-reach job. */
  reach?: ReachTally;
  /** Where the game's mail goes, for the mail-send job; tests of other clockwork leave it out. */
  mail?: MailSettings;
  /** How notices are pushed, when the server has VAPID keys; without them nothing is. */
  push?: PushOptions;
}

// Hourly, off the hour so it does not meet the rent and earnings runs.
const HOUSEKEEPING_CRON = '17 * * * *';

export type JobConfig = Pick<
  Config,
  | 'RENT_CRON'
  | 'EARNINGS_CRON'
  | 'BANNER_SECONDS'
  | 'BACKUP_CRON'
  | 'BACKUP_DIR'
  | 'BACKUP_KEEP'
  | 'SEASON_CRON'
  | 'MAIL_SEND_CRON'
  | 'SEASON_WEEKS'
  | 'SEASON_POOL'
  | 'SEASON_EPOCH'
  | 'AD_REPORT_CRON'
  | 'DIGEST_CRON'
  | 'DAILY_DIGEST_CRON'
>;

export interface Jobs {
  /** Stops the schedules and waits for a run under way to finish, so the database can close after it. */
  stop(): Promise<void>;
}

interface Job {
  name: string;
  schedule: string;
  /** One service call for the moment the schedule fired (or, at start-up, now). */
  run(moment: Date): Promise<unknown>;
  /** Whether it also runs once at start-up, to catch up (not a backup: a restart is no reason for a copy). */
  catchUp: boolean;
  /** Whether it runs once more as the jobs stop: it holds what this process alone knows. */
  atStop?: boolean;
}

/** node-cron's six-field form, firing on the slot boundaries bannerSlotOf counts (BANNER_SECONDS divides 60). */
export function bannerCron(seconds: number): string {
  return seconds === 60 ? '0 * * * * *' : `*/${seconds} * * * * *`;
}

function housekeepingOf(deps: JobDeps): Job[] {
  const housekeeping = deps.housekeeping;
  if (!housekeeping) return [];
  return [
    {
      name: 'abandoned-checkouts',
      schedule: HOUSEKEEPING_CRON,
      catchUp: true,
      run: () => expireAbandonedCheckouts(deps, housekeeping.payments),
    },
    {
      name: 'rate-limit-sweep',
      schedule: HOUSEKEEPING_CRON,
      catchUp: true,
      run: (moment) => housekeeping.counters.sweep(moment.getTime()),
    },
    // docs/rules.md §4 "Advertise flow": 24 hours for the review, 30 days of running, then refunds.
    // No catch-up: it asks the provider for refunds, which must not hold the start; it runs within 5 minutes.
    { name: 'ad-deadlines', schedule: AD_DEADLINES_CRON, catchUp: false, run: () => keepAdDeadlines(deps, housekeeping.payments) },
  ];
}

/**
 * The scheduled backup, when BACKUP_CRON is set: each scheduled moment is claimed by one process,
 * and each copy is checked with the ledger's invariants, which infra/ is handed from here.
 */
function backupsOf(deps: JobDeps, config: JobConfig): Job[] {
  const { database } = deps;
  if (!config.BACKUP_CRON || !database) return [];
  const schedule = { dir: config.BACKUP_DIR, keep: config.BACKUP_KEEP };
  return [
    {
      name: 'backup',
      schedule: config.BACKUP_CRON,
      catchUp: false,
      run: (moment) => runScheduledBackup({ ...deps, database, check: checkInvariants }, schedule, moment),
    },
  ];
}

/** The one writer of banner impressions (docs/rules.md §9 "Advertising"), where rooms note them. */
function impressionsOf(deps: JobDeps): Job[] {
  const tally = deps.impressions;
  if (!tally) return [];
  return [
    { name: 'banner-impressions', schedule: IMPRESSIONS_CRON, catchUp: false, atStop: true, run: () => writeImpressions(deps, tally) },
  ];
}

/** The one writer of broadcasts' reach (docs/rules.md §4 "Broadcast flow"), where rooms count it. */
function reachOf(deps: JobDeps): Job[] {
  const tally = deps.reach;
  if (!tally) return [];
  return [{ name: 'broadcast-reach', schedule: REACH_CRON, catchUp: false, atStop: true, run: () => writeBroadcastReach(deps, tally) }];
}

/**
 * The one sender of the queued mail (docs/rules.md §11 "Mail"): every process runs it, each message
 * is claimed by one. No catch-up at start-up: a slow mail server must not hold the start, and the
 * first run is MAIL_SEND_CRON away (5 seconds by default).
 */
function mailOf(deps: JobDeps, config: JobConfig): Job[] {
  const mail = deps.mail;
  if (!mail) return [];
  return [{ name: 'mail-send', schedule: config.MAIL_SEND_CRON, catchUp: false, run: () => sendDueMail(deps, mail) }];
}

/**
 * The one sender of the queued pushes (docs/rules.md §11 "Push"): every process runs it, each push
 * is claimed by one. No catch-up: a slow push service must not hold the start.
 */
function pushOf(deps: JobDeps): Job[] {
  const push = deps.push;
  if (!push) return [];
  return [
    { name: 'push-send', schedule: PUSH_SEND_CRON, catchUp: false, run: () => sendDuePushes(deps, push) },
    { name: 'push-forget', schedule: HOUSEKEEPING_CRON, catchUp: true, run: () => forgetFinishedPushes(deps) },
  ];
}

function jobsOf(deps: JobDeps, config: JobConfig): Job[] {
  return [
    ...housekeepingOf(deps),
    ...mailOf(deps, config),
    ...pushOf(deps),
    { name: 'ad-reports', schedule: config.AD_REPORT_CRON, catchUp: false, run: () => mailAdReports(deps) },
    // docs/rules.md §11 "Mail": the digest, weekly or daily by each player's choice.
    { name: 'digest-weekly', schedule: config.DIGEST_CRON, catchUp: false, run: () => mailDigests(deps, 'weekly') },
    { name: 'digest-daily', schedule: config.DAILY_DIGEST_CRON, catchUp: false, run: () => mailDigests(deps, 'daily') },
    ...impressionsOf(deps),
    ...reachOf(deps),
    ...backupsOf(deps, config),
    { name: 'rent-cycle', schedule: config.RENT_CRON, catchUp: true, run: (moment) => ensureRentPeriod(deps, rentPeriodOf(moment)) },
    {
      name: 'monthly-earnings',
      schedule: config.EARNINGS_CRON,
      catchUp: true,
      run: (moment) => payMonthlyEarnings(deps, earningsMonthOf(moment)),
    },
    {
      name: 'rent-reminders',
      schedule: '7 * * * *',
      catchUp: true,
      run: () => remindAllRent(deps),
    },
    {
      name: 'seasons',
      schedule: config.SEASON_CRON,
      catchUp: true,
      run: () => runSeasons(deps, { weeks: config.SEASON_WEEKS, pool: config.SEASON_POOL, epoch: config.SEASON_EPOCH }),
    },
    { name: 'rollup-fold', schedule: ROLLUP_FOLD_CRON, catchUp: true, run: () => foldRollups(deps.sql) },
    { name: 'offer-expiry', schedule: OFFER_EXPIRY_CRON, catchUp: true, run: () => expireOffers(deps) },
    { name: 'auction-settlement', schedule: AUCTION_SETTLEMENT_CRON, catchUp: true, run: () => settleAuctions(deps) },
    // docs/write-path.md "Idempotent commands": a key is answered again for 24 hours, then forgotten.
    { name: 'idempotency-sweep', schedule: HOUSEKEEPING_CRON, catchUp: false, run: () => forgetOldKeys(deps) },
    {
      name: 'banner-rotation',
      schedule: bannerCron(config.BANNER_SECONDS),
      catchUp: true,
      run: (moment) => runBannerRotation(deps, bannerSlotOf(moment, config.BANNER_SECONDS)),
    },
  ];
}

/**
 * Registers the clockwork with node-cron (UTC, no overlapping runs in this process; across
 * processes each service runs its period, month or slot once). Before that, it catches up once:
 * the current rent period unless a pass of it completed, the current month's earnings unless paid,
 * and the current banner slot. A server that was down for several ticks therefore runs the
 * current unit once, not once per missed tick.
 */
export async function startJobs(deps: JobDeps, config: JobConfig): Promise<Jobs> {
  const jobs = jobsOf(deps, config);
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const runOnce = (job: Job, moment: Date): Promise<unknown> => {
    const stopTimer = jobSeconds.startTimer({ job: job.name });
    const run: Promise<unknown> = job
      .run(moment)
      .then(
        () => jobRuns.inc({ job: job.name, result: 'ok' }),
        (error: unknown) => {
          jobRuns.inc({ job: job.name, result: 'failed' });
          deps.log.error(`The ${job.name} job failed`, error);
        },
      )
      .finally(() => {
        stopTimer();
        running.delete(run);
      });
    running.add(run);
    return run;
  };
  const launch = (job: Job, moment: Date): Promise<unknown> => (stopped ? Promise.resolve() : runOnce(job, moment));

  const now = deps.clock();
  for (const job of jobs.filter((job) => job.catchUp)) await launch(job, now);

  const logger: CronLogger = {
    info: (message) => deps.log.debug(message),
    warn: (message) => deps.log.warn(message),
    error: (message, error) => deps.log.error(String(message), error),
    debug: (message) => deps.log.debug(String(message)),
  };
  const tasks = jobs.map((job) =>
    cron.schedule(job.schedule, (context) => launch(job, context.date), {
      name: job.name,
      noOverlap: true,
      timezone: 'UTC',
      unref: true,
      logger,
    }),
  );
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(tasks.map((task) => task.destroy()));
      await Promise.all(running);
      for (const job of jobs.filter((job) => job.atStop)) await runOnce(job, deps.clock());
    },
  };
}
