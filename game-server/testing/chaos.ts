import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createSession, SESSION_COOKIE } from '../domain/auth/sessions.ts';
import type { Database, Sql } from '../infra/db/database.ts';
import { checkInvariants } from '../domain/economy/supply.ts';
import { converged } from './test-clients.ts';
import { freshAddress } from './agent.ts';
import {
  BACKUP_CRON,
  BACKUP_FULL_DISK_LINE,
  backupsOf,
  holdBackupSlots,
  linesAt,
  MAIL_AFTER_DISK_MS,
  MAIL_FULL_DISK_LINE,
  mailFolderOf,
  mailOfWindow,
  mailQueuedMetric,
  nextBackupSlot,
  releaseBackupSlots,
  SMALL_FILESYSTEM_BYTES,
  type MailOfWindow,
} from './chaos-disk.ts';
import { scratchDirectory, sharedProcessEnvironment, startGameProcess, type GameProcess } from './game-processes.ts';
import { dealCrossingLand } from './crossing-land.ts';
import { startCuttableProxy } from './cuttable-proxy.ts';
import { createPlayer } from './players.ts';
import { openThrowawayDatabase } from './postgres-admin.ts';
import { freePort, PrivateRedis } from './private-redis.ts';
import { freshJoinMs } from './fresh-join.ts';
import { worldListingProblems } from './room-listings.ts';
import { streamOf, type Random } from './seeded-random.ts';
import { mountSmallFilesystem } from './small-filesystem.ts';
import {
  CLOCK_SKEW_SECONDS,
  CLOCK_STEP_SECONDS,
  fundSeasons,
  judgeClocks,
  seasonAcrossStep,
  type ClockReport,
  type ClockWindow,
} from './chaos-clock.ts';
import { errorLinesOf, requestLines } from './chaos-errors.ts';
import { movableClocks } from './movable-clocks.ts';
import { StayingClient } from './staying-client.ts';

/**
 * The operator's bad day as a repeatable run (the same seed replays the same faults, at the same
 * times, and the same choices of commands): several game processes on one PostgreSQL database
 * and one Redis, players making a stream of commands (purchases of each other's land, listings,
 * chat) while room clients watch, and a fault every so often. Everything faulted is the run's own:
 * its processes, a private redis-server, and the connections of its throwaway database.
 * freeze: a process stopped (SIGSTOP) and resumed, its sockets open; slowdb: every round trip to
 * the database slower; redis-one: Redis out of one process's reach while the others keep it; disk:
 * the small filesystem under the processes' DATA_DIR/mail and BACKUP_DIR full (chaos-disk.ts),
 * skipped with a reason where it cannot be mounted (not root); clock: one process's wall clock an
 * hour ahead, then back; skew: one process's clock 5 minutes ahead of the database's and the others'
 * (chaos-clock.ts), both skipped with a reason where libfaketime is not installed. New kinds go last,
 * so an old seed replays the faults it made.
 */
export const FAULT_KINDS = ['kill9', 'sigterm', 'redis', 'db', 'freeze', 'slowdb', 'redis-one', 'disk', 'clock', 'skew'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface ChaosOptions {
  /** The PostgreSQL server to create the run's database on (its maintenance URL). */
  adminUrl: string;
  /** The game's working directory (the repository). */
  cwd: string;
  /** A migrated and seeded database to copy (the tests' template), instead of the first process seeding. */
  template?: string | null;
  durationSeconds: number;
  /** Commands a second, over all players. */
  rate: number;
  players: number;
  clients: number;
  processes: number;
  faults: FaultKind[];
  /** Seconds between faults: a random value in this range. */
  faultEverySeconds: [number, number];
  /** How long the private Redis stays down in a redis fault. */
  redisDownSeconds: number;
  /** How long the database refuses the game's connections in a db fault, after cutting them all. */
  databaseDownSeconds: number;
  /** How long a process stays frozen in a freeze fault. */
  freezeSeconds: number;
  /** What a slowdb fault adds to every round trip to the database, and for how long. */
  slowDatabaseMs: number;
  slowDatabaseSeconds: number;
  /** How long one process cannot reach Redis in a redis-one fault. */
  redisOneDownSeconds: number;
  /** How long the small filesystem under DATA_DIR/mail and BACKUP_DIR stays full in a disk fault. */
  diskFullSeconds: number;
  /** How long a process's clock stays an hour ahead in a clock fault, and 5 minutes ahead in a skew fault. */
  clockStepSeconds: number;
  skewSeconds: number;
  /** How long a player waits for an answer before it gives up. */
  clientTimeoutMs: number;
  shutdownSeconds: number;
  /** Every random choice of the run (its faults, their timing, the commands) follows from it. */
  seed: number;
  say: (line: string) => void;
}

export const CHAOS_DEFAULTS: Omit<ChaosOptions, 'adminUrl' | 'cwd' | 'say' | 'seed'> = {
  durationSeconds: 1200,
  rate: 30,
  players: 30,
  clients: 100,
  processes: 3,
  faults: [...FAULT_KINDS],
  faultEverySeconds: [60, 90],
  redisDownSeconds: 7,
  databaseDownSeconds: 3,
  freezeSeconds: 12,
  slowDatabaseMs: 200,
  slowDatabaseSeconds: 30,
  redisOneDownSeconds: 10,
  diskFullSeconds: 30,
  clockStepSeconds: 30,
  skewSeconds: 30,
  clientTimeoutMs: 10_000,
  shutdownSeconds: 15,
};

type Outcome = number | 'timeout' | 'refused';
interface Sent {
  id: string;
  kind: 'purchase' | 'listing' | 'chat';
  at: number;
  ms: number;
  outcome: Outcome;
  /** The process it was sent to, and its name. */
  url: string;
  process: string;
  /** The start of a 5xx answer's body: which refusal it was. */
  said?: string;
}

interface Fault {
  kind: FaultKind;
  at: number;
  /** When the fault itself ended: the process back up, Redis back, the cut done. */
  over: number;
  note: string;
  /** The process a fault of one process struck. */
  victim?: string;
}

// What must hold around a frozen process: fresh joins through the others get the world within
// 10 s while it is frozen, and through every process within 5 s, 5 s after it resumed.
const JOIN_WHILE_FROZEN_MS = 10_000;
const JOIN_AFTER_THAW_MS = 5000;
const SETTLE_AFTER_THAW_MS = 5000;

export interface AnswerClasses {
  '2xx': number;
  '4xx': number;
  '503': number;
  '5xx other': number;
  timeout: number;
  refused: number;
}

export interface ChaosReport {
  options: Omit<ChaosOptions, 'say'>;
  commands: number;
  /** Answers of the commands under way during a fault or within 10 s after it ended, and of the others. */
  inFaults: AnswerClasses;
  outsideFaults: AnswerClasses;
  p50Ms: { inFaults: number; outsideFaults: number };
  p99Ms: { inFaults: number; outsideFaults: number };
  faults: { kind: FaultKind; count: number; recoveryMs: number[]; notes: string[] }[];
  deadlocks: number;
  /** Running processes that exited without being told to. */
  crashes: string[];
  /** Starts (after a fault) that exited before listening; the supervisor tried again. */
  startFailures: string[];
  invariantProblems: string[];
  /** Accepted (2xx) commands whose events are not in the outbox. */
  acceptedMissing: number;
  /** Commands whose caller had given up before they committed. */
  appliedAfterGivingUp: number;
  clientsConverged: number;
  clientsChecked: number;
  longestClientGapMs: number;
  /** Room clients per world room at the end (one world room per process), most first. */
  clientsPerRoom: number[];
  /** Each 5xx or unanswered command outside the fault windows: when, where, and what it said. */
  outsideFaultFailures: string[];
  /** Commands answered with a 5xx that were applied all the same (a 5xx must mean not applied). */
  appliedDespite5xx: string[];
  /** Fresh joins around a frozen process that did not get the world within their bound. */
  joinFailures: string[];
  /** World rooms Redis lists 5 s after a frozen process resumed on a process that is gone, or two on one process. */
  listingProblems: string[];
  /**
   * Answers in a slowdb fault's window other than a 2xx, a 4xx or a 503 that says why (a 5xx of
   * another kind, no answer), and answers in a redis-one window other than 2xx and 4xx from the
   * processes that kept Redis.
   */
  faultRuleBreaks: string[];
  /**
   * After each database cut, per process: from the end of the cut (the database answering again)
   * to the last 5xx or unanswered command that process answered before the next fault began.
   */
  databaseRecoveries: { at: number; perProcess: Record<string, number> }[];
  /** Why disk faults were left out of the schedule (no small filesystem could be mounted); null when they ran or were not asked for. */
  diskSkipped: string | null;
  /** Each full disk: the mail queued meanwhile and where it went, what the processes logged and counted, the backups. */
  diskWindows: DiskWindowReport[];
  /** What must not happen around a full disk: mail lost or late, no word of it in the log or the metrics, a half backup. */
  diskProblems: string[];
  /** Each distinct line the processes logged at level error or above (chaos-errors.ts): the causes of any 500. */
  errorLines: string[];
  /** Why clock and skew faults were left out (no libfaketime); null when they ran or were not asked for. */
  clockSkipped: string | null;
  /** What the clock and skew faults left: the clock each write was stamped with, each season paid once. */
  clocks: ClockReport | null;
}

export interface DiskWindowReport {
  /** Seconds from the start of the load, and how long the disk was full. */
  at: number;
  seconds: number;
  mail: MailOfWindow;
  /** Log lines of the processes, in the window, saying a message waits for the full disk. */
  mailLogLines: number;
  /** wanakt_mail_sends_total{result="queued"} over the window, summed over the processes (null: no process answered on /metrics). */
  metricQueued: number | null;
  /** Log lines saying a backup failed for the full disk. */
  backupLogLines: number;
  /** Each backup slot released in the window and once after it: how it went. */
  backups: string[];
}

/** One fault of the run: the wait before it (after the one before it ended), what it is, and the process it tries first. */
export interface ScheduledFault {
  afterMs: number;
  kind: FaultKind;
  victim: number;
}

const WINDOW_MS = 10_000;
// The run's start-up before its load (processes, players, room clients), as a guess: the season
// a clock step crosses is placed with half an hour to spare either way (chaos-clock.ts).
const START_UP_MS = 30_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// An element chosen by a number in [0, 1) the run's seeded random drew, whatever the list's length.
const choose = <T>(list: readonly T[], draw: number): T | undefined => list[Math.floor(draw * list.length)];

/**
 * The faults a run makes, in order, from its seed alone: the same seed gives the same schedule.
 * The last fault leaves its 10 s window before the end of the run.
 */
export function faultSchedule(
  seed: number,
  options: Pick<ChaosOptions, 'durationSeconds' | 'faults' | 'faultEverySeconds' | 'processes'>,
): ScheduledFault[] {
  const random = streamOf(seed, 0);
  const [low, high] = options.faultEverySeconds;
  const schedule: ScheduledFault[] = [];
  if (options.faults.length === 0) return schedule;
  for (let total = 0; ;) {
    const afterMs = Math.round((low + random() * (high - low)) * 1000);
    const victim = Math.floor(random() * options.processes);
    total += afterMs;
    if (total + WINDOW_MS > options.durationSeconds * 1000) return schedule;
    schedule.push({ afterMs, kind: options.faults[schedule.length % options.faults.length], victim });
  }
}

function classify(outcome: Outcome): keyof AnswerClasses {
  if (outcome === 'timeout' || outcome === 'refused') return outcome;
  if (outcome < 300) return '2xx';
  if (outcome < 500) return '4xx';
  return outcome === 503 ? '503' : '5xx other';
}

const emptyClasses = (): AnswerClasses => ({ '2xx': 0, '4xx': 0, '503': 0, '5xx other': 0, timeout: 0, refused: 0 });

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One supervised game process: restarted whenever it exits, as systemd would; an exit nobody asked for is a crash. */
class Supervised {
  current: GameProcess | null = null;
  expectingExit = false;
  /** Being killed or stopped and started again by a fault. */
  busy = false;
  stopped = false;
  /** What each process it started printed, the ones gone too. */
  readonly outputs: (() => string)[] = [];

  readonly name: string;
  private readonly env: Record<string, string>;
  private readonly cwd: string;
  private readonly crashes: string[];
  private readonly startFailures: string[];

  constructor(name: string, env: Record<string, string>, cwd: string, crashes: string[], startFailures: string[]) {
    this.name = name;
    this.env = env;
    this.cwd = cwd;
    this.crashes = crashes;
    this.startFailures = startFailures;
  }

  async start(): Promise<void> {
    for (;;) {
      try {
        const started = await startGameProcess(this.env, this.cwd);
        if (this.stopped) {
          await started.stop();
          return;
        }
        this.current = started;
        this.outputs.push(started.output);
        started.child.once('exit', (code, signal) => {
          if (this.current === started) this.current = null;
          if (!this.expectingExit && !this.stopped) {
            this.crashes.push(
              `${this.name} exited (${code ?? signal}): ${started
                .output()
                .split('\n')
                .filter((line) => /error|Error/.test(line))
                .slice(-2)
                .join(' | ')
                .slice(0, 400)}`,
            );
            void this.start();
          }
        });
        return;
      } catch (error) {
        if (this.stopped) return;
        this.startFailures.push(
          `${this.name}: ${String(error)
            .split('\n')
            .filter((line) => /rror|Redis|refused|timeout/i.test(line))
            .slice(-3)
            .join(' | ')
            .slice(0, 600)}`,
        );
        // The wait is the supervisor's pacing: a process that failed to start is tried again a second later.
        await pause(1000);
      }
    }
  }

  async kill9(): Promise<void> {
    const process = this.current;
    if (!process) return;
    this.busy = this.expectingExit = true;
    await process.kill9();
    this.expectingExit = false;
    await this.start();
    this.busy = false;
  }

  async terminate(): Promise<{ code: number | null; ms: number } | null> {
    const process = this.current;
    if (!process) return null;
    this.busy = this.expectingExit = true;
    const result = await process.stop();
    this.expectingExit = false;
    await this.start();
    this.busy = false;
    return result;
  }

  /** SIGSTOP: it keeps its sockets and its Redis subscriptions, and answers nothing. */
  freeze(): GameProcess | null {
    const process = this.current;
    if (!process) return null;
    this.busy = true;
    process.freeze();
    return process;
  }

  thaw(process: GameProcess): void {
    process.thaw();
    this.busy = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.current?.stop();
  }
}

async function deadlocksOf(sql: Sql): Promise<number> {
  await sql`select pg_stat_clear_snapshot()`;
  const [row] = await sql<{ deadlocks: string }[]>`select deadlocks::text from pg_stat_database where datname = current_database()`;
  return Number(row.deadlocks);
}

// The players' DRK is minted, so all of it together stays well inside the 21,000,000 cap whatever
// their number (30 players at 1,000,000 each would pass it).
const PLAYERS_DRK = 10_000_000;

async function setUpPlayers(sql: Sql, count: number) {
  const players: { id: string; cookie: string; address: string }[] = [];
  for (let i = 0; i < count; i++) {
    const id = await createPlayer(sql, { balance: Math.min(1_000_000, Math.floor(PLAYERS_DRK / count)) });
    players.push({ id, cookie: `${SESSION_COOKIE}=${await createSession(sql, id, new Date())}`, address: freshAddress() });
    // A third of the players have a confirmed address and mail for each purchase of theirs
    // (docs/rules.md §11 "Mail"): the load queues mail, which a full disk must hold, not lose.
    if (i % 3 === 0) {
      await sql`
        update users set email = ${`chaos-${id.slice(0, 12)}@players.example`}, email_verified_at = now(), mail_sale = true where id = ${id}`;
    }
  }
  await dealCrossingLand(
    sql,
    players.map((player) => player.id),
    10,
    100,
  );
  return players;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { say } = options;
  say(`seed ${options.seed} (the same faults and commands again: --seed ${options.seed})`);
  const schedule = faultSchedule(options.seed, options);
  const loadRandom: Random = streamOf(options.seed, 1);
  const crashes: string[] = [];
  const startFailures: string[] = [];
  const database: Database = await openThrowawayDatabase(options.adminUrl, `wanakt_chaos_${randomBytes(4).toString('hex')}`, {
    max: 4,
    template: options.template,
  });
  const redis = await PrivateRedis.start();
  // The game reaches the database through a proxy the run can close or slow, as a restarting or
  // overloaded server would, and each process reaches Redis through one of its own.
  const proxy = await startCuttableProxy(database.url!);
  // DATA_DIR (so the mail folder, DATA_DIR/mail, as no SMTP_URL is set) and BACKUP_DIR: on a small
  // filesystem the disk fault fills, where one can be mounted; else in a scratch folder.
  const disk = options.faults.includes('disk') ? await mountSmallFilesystem(SMALL_FILESYSTEM_BYTES) : null;
  const diskSkipped =
    options.faults.includes('disk') && !disk
      ? 'no small filesystem could be mounted for the disk fault (mount -t tmpfs needs root): disk faults skipped'
      : null;
  if (diskSkipped) say(diskSkipped);
  const clockKinds = options.faults.some((kind) => kind === 'clock' || kind === 'skew');
  const clocks = clockKinds ? await movableClocks(options.processes) : null;
  const clockSkipped =
    clockKinds && !clocks ? 'libfaketime is not installed (apt-get install -y faketime): clock and skew faults skipped' : null;
  if (clockSkipped) say(clockSkipped);
  // A season ends in the first clock step (chaos-clock.ts), due after the run's start-up and the
  // waits of the schedule before it.
  const firstStep = schedule.findIndex((fault) => fault.kind === 'clock');
  const season =
    clocks && firstStep >= 0
      ? seasonAcrossStep(Date.now() + START_UP_MS + schedule.slice(0, firstStep + 1).reduce((sum, fault) => sum + fault.afterMs, 0))
      : null;
  const scratch = disk ? null : await scratchDirectory();
  const dataDir = disk?.path ?? scratch!.path;
  const backupDir = join(dataDir, 'backups');
  const opsPorts = disk ? await Promise.all(Array.from({ length: options.processes }, () => freePort())) : [];
  const env = sharedProcessEnvironment(proxy.url, redis.url, {
    SHUTDOWN_SECONDS: String(options.shutdownSeconds),
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    // The players with mail make a purchase every few seconds each: well inside this, so none waits for the next hour.
    MAIL_PER_ADDRESS_PER_HOUR: '1000',
    ...(disk ? { BACKUP_CRON } : {}),
    ...season?.env,
  });
  const redisProxies = await Promise.all(Array.from({ length: options.processes }, () => startCuttableProxy(env.REDIS_URL)));
  // Each process keeps its port across restarts and announces it, as a deployment's PUBLIC_ADDRESS
  // does, so a join answered by one process can be placed on another.
  const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()));
  const supervised = ports.map(
    (port, i) =>
      new Supervised(
        `process ${i + 1}`,
        {
          ...env,
          REDIS_URL: redisProxies[i].url,
          PORT: String(port),
          PUBLIC_ADDRESS: `127.0.0.1:${port}`,
          // /metrics on loopback, for the disk fault's count of mail waiting.
          ...(disk ? { OPS_PORT: String(opsPorts[i]) } : {}),
          ...clocks?.environmentOf(i),
        },
        options.cwd,
        crashes,
        startFailures,
      ),
  );
  const joinFailures: string[] = [];
  const listingProblems: string[] = [];
  const clients: StayingClient[] = [];
  const sent: Sent[] = [];
  const faults: Fault[] = [];
  const clockWindows: ClockWindow[] = [];
  const diskFaults: { fault: Fault; inWindow: Date[]; after: Date[]; metricBefore: (number | null)[]; metricAfter: (number | null)[] }[] =
    [];
  const sql = database.sql;
  try {
    // The first process migrates and seeds; the others start on a database that is ready.
    await supervised[0].start();
    // Backups are taken only around a full disk (chaos-disk.ts): the run holds every other slot,
    // those a clock stepped ahead reaches too.
    if (disk) await holdBackupSlots(sql, Date.now() + (options.durationSeconds + 900 + (clocks ? CLOCK_STEP_SECONDS : 0)) * 1000);
    if (season) await fundSeasons(sql);
    await Promise.all(supervised.slice(1).map((process) => process.start()));
    say(`${options.processes} processes up; setting up ${options.players} players`);
    const players = await setUpPlayers(sql, options.players);
    const liveProcesses = () =>
      supervised.flatMap((process) => (process.current ? [{ name: process.name, url: process.current.url }] : []));
    const live = () => liveProcesses().map((process) => process.url);
    for (let i = 0; i < options.clients; i++) {
      // Each client starts on a process of its own in turn, as a load balancer spreads them.
      // Each from an address of its own, as the players' commands come: one address holds at most 20
      // visitors' sockets (SOCKET_CAPS), so the operator's 100 clients from one were refused (4429).
      const client = new StayingClient(
        () => {
          const urls = live();
          return urls.slice(i % urls.length).concat(urls.slice(0, i % urls.length));
        },
        { 'x-forwarded-for': freshAddress() },
      );
      await client.join().catch(() => client.join());
      clients.push(client);
    }
    say(`${clients.length} room clients joined`);
    const deadlocksBefore = await deadlocksOf(sql);

    let listed: { id: number; owner_id: string; sale_price: string }[] = [];
    let owned: { id: number; owner_id: string }[] = [];
    const ids = players.map((player) => player.id);
    const refresh = async () => {
      try {
        listed =
          await sql`select id, owner_id, sale_price::text from territories where owner_id = any(${ids}::text[]) and sale_price is not null`;
        owned = await sql`select id, owner_id from territories where owner_id = any(${ids}::text[]) and type = 'village'`;
      } catch {
        // The run's own pool was cut with the others: the next refresh reads again.
      }
    };
    await refresh();

    let sequence = 0;
    const send = async (): Promise<void> => {
      // Every command draws the same numbers whatever the database holds, so a replay's draws line
      // up command by command.
      const [playerDraw, kindDraw, targetDraw, priceDraw, processDraw] = [1, 2, 3, 4, 5].map(() => loadRandom());
      const player = choose(players, playerDraw)!;
      const kind: Sent['kind'] = kindDraw < 0.38 ? 'purchase' : kindDraw < 0.83 ? 'listing' : 'chat';
      let path: string;
      let method = 'POST';
      let body: unknown;
      if (kind === 'purchase') {
        const target = choose(
          listed.filter((row) => row.owner_id !== player.id),
          targetDraw,
        );
        if (!target) return;
        path = `/api/territories/${target.id}/purchase`;
        body = { sale_price: Number(target.sale_price) };
      } else if (kind === 'listing') {
        const mine = owned.filter((row) => row.owner_id === player.id);
        if (mine.length === 0) return;
        path = `/api/territories/${choose(mine, targetDraw)!.id}/listing`;
        method = 'PATCH';
        body = { sale_price: 100 + Math.floor(priceDraw * 100) };
      } else {
        path = '/api/chat';
        body = { territory_id: choose(owned, targetDraw)?.id ?? 1, message: `chaos ${sequence}` };
      }
      const to = choose(liveProcesses(), processDraw);
      const url = to?.url ?? '';
      const record: Sent = {
        id: `chaos-${process.pid}-${++sequence}`,
        kind,
        at: Date.now(),
        ms: 0,
        outcome: 'refused',
        url,
        process: to?.name ?? 'none',
      };
      sent.push(record);
      if (!to) return;
      try {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            cookie: player.cookie,
            'x-forwarded-for': player.address,
            'x-request-id': record.id,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.clientTimeoutMs),
        });
        const text = await response.text();
        record.outcome = response.status;
        if (response.status >= 500) record.said = text.slice(0, 160);
      } catch (error) {
        record.outcome = (error as Error).name === 'TimeoutError' ? 'timeout' : 'refused';
      }
      record.ms = Date.now() - record.at;
    };

    const started = Date.now();
    const endAt = started + options.durationSeconds * 1000;
    const inflight = new Set<Promise<void>>();
    const refresher = setInterval(() => void refresh(), 1000);
    const load = (async () => {
      const gap = 1000 / options.rate;
      for (let next = Date.now(); Date.now() < endAt; next += gap) {
        const request = send().finally(() => inflight.delete(request));
        inflight.add(request);
        // The wait is the load's pacing: commands go out at options.rate.
        await pause(Math.max(0, next + gap - Date.now()));
      }
    })();

    const restarts: Promise<void>[] = [];
    const faultLoop = (async () => {
      for (const { afterMs, kind, victim: first } of schedule) {
        // A fault that ran long (a slow restart) may leave no room for the rest of the schedule.
        if (Date.now() + afterMs + WINDOW_MS > endAt) return;
        // The wait is the fault schedule under test: each fault comes afterMs after the one before.
        await pause(afterMs);
        // Without a small filesystem the disk fault is left out; the others keep their seeded times.
        if ((kind === 'disk' && !disk) || ((kind === 'clock' || kind === 'skew') && !clocks)) continue;
        const fault: Fault = { kind, at: Date.now(), over: Date.now(), note: '' };
        faults.push(fault);
        const done = (note: string) => {
          fault.over = Date.now();
          fault.note = note;
          say(`${Math.round((fault.at - started) / 1000)} s: ${kind} (${note})`);
        };
        // The scheduled process, or the next one after it that is up and not already being restarted.
        const victim = supervised
          .slice(first)
          .concat(supervised.slice(0, first))
          .find((process) => process.current && !process.busy);
        if (kind === 'kill9' || kind === 'sigterm') {
          if (!victim) continue;
          // The supervisor restarts it while the run goes on; the fault lasts until it is back.
          restarts.push(
            kind === 'kill9'
              ? victim.kill9().then(() => done(`${victim.name} killed, back after ${seconds(Date.now() - fault.at)}`))
              : victim
                  .terminate()
                  .then((result) =>
                    done(`${victim.name} drained in ${result?.ms} ms, exit ${result?.code}, back after ${seconds(Date.now() - fault.at)}`),
                  ),
          );
        } else if (kind === 'freeze') {
          const frozen = victim?.freeze();
          if (!victim || !frozen) continue;
          fault.victim = victim.name;
          const others = liveProcesses().filter((process) => process.name !== victim.name);
          const during = await Promise.all(others.map((process) => freshJoinMs(process.url, JOIN_WHILE_FROZEN_MS)));
          // The wait is the fault under test: the process stays frozen freezeSeconds in all.
          await pause(Math.max(0, fault.at + options.freezeSeconds * 1000 - Date.now()));
          victim.thaw(frozen);
          // The wait is the rule under test: joins are judged 5 s after the process resumed.
          await pause(SETTLE_AFTER_THAW_MS);
          const everyone = liveProcesses();
          const after = await Promise.all(everyone.map((process) => freshJoinMs(process.url, JOIN_AFTER_THAW_MS)));
          const judged = (list: { name: string }[], outcomes: (number | string)[], bound: number, when: string) =>
            list.map((process, i) => {
              const outcome = outcomes[i];
              if (typeof outcome === 'string') {
                joinFailures.push(
                  `${when}: a fresh join through ${process.name} did not get the world within ${seconds(bound)}: ${outcome}`,
                );
              }
              return `${process.name} ${typeof outcome === 'string' ? 'never' : seconds(outcome)}`;
            });
          const whileFrozen = judged(others, during, JOIN_WHILE_FROZEN_MS, `while ${victim.name} was frozen`);
          const resumed = judged(everyone, after, JOIN_AFTER_THAW_MS, `5 s after ${victim.name} resumed`);
          listingProblems.push(
            ...(await worldListingProblems(env.REDIS_URL, 'world')).map((problem) => `5 s after ${victim.name} resumed: ${problem}`),
          );
          done(
            `${victim.name} frozen ${options.freezeSeconds} s; fresh joins while frozen: ${whileFrozen.join(', ')}; 5 s after: ${resumed.join(', ')}`,
          );
        } else if (kind === 'slowdb') {
          proxy.slow(options.slowDatabaseMs);
          // The wait is the fault under test: the database answers slowly for slowDatabaseSeconds.
          await pause(options.slowDatabaseSeconds * 1000);
          proxy.slow(0);
          done(`every round trip +${options.slowDatabaseMs} ms for ${options.slowDatabaseSeconds} s`);
        } else if (kind === 'redis-one') {
          if (!victim) continue;
          fault.victim = victim.name;
          const cutOff = redisProxies[supervised.indexOf(victim)];
          cutOff.down();
          // The wait is the fault under test: this process cannot reach Redis for redisOneDownSeconds.
          await pause(options.redisOneDownSeconds * 1000);
          cutOff.up();
          done(`${victim.name} without Redis ${options.redisOneDownSeconds} s`);
        } else if (kind === 'disk') {
          const opsUrls = opsPorts.map((port) => `http://127.0.0.1:${port}`);
          const metricBefore = await Promise.all(opsUrls.map(mailQueuedMetric));
          await disk!.fill();
          const fullUntil = fault.at + options.diskFullSeconds * 1000;
          // The processes may take the backup slots inside the window (the disk already full) but
          // its last 5 s, which leave a slow pg_dump time to start writing before the disk is freed,
          // and the first one after it, a few seconds after the disk is freed.
          const inWindow = await releaseBackupSlots(sql, Date.now() + 500, fullUntil - 5000).catch(() => []);
          // The wait is the fault under test: the disk stays full for diskFullSeconds.
          await pause(Math.max(0, fullUntil - Date.now()));
          const metricAfter = await Promise.all(opsUrls.map(mailQueuedMetric));
          await disk!.free();
          const slot = nextBackupSlot(3000);
          const after = await releaseBackupSlots(sql, slot, slot).catch(() => []);
          diskFaults.push({ fault, inWindow, after, metricBefore, metricAfter });
          done(`DATA_DIR/mail and BACKUP_DIR full ${options.diskFullSeconds} s, ${inWindow.length} backup slot(s) in it`);
        } else if (kind === 'clock' || kind === 'skew') {
          if (!victim) continue;
          fault.victim = victim.name;
          const index = supervised.indexOf(victim);
          const offsetSeconds = kind === 'clock' ? CLOCK_STEP_SECONDS : CLOCK_SKEW_SECONDS;
          const lasts = kind === 'clock' ? options.clockStepSeconds : options.skewSeconds;
          const window: ClockWindow = { kind, victim: victim.name, offsetSeconds, from: Date.now(), to: 0 };
          await clocks!.move(index, offsetSeconds);
          // The wait is the fault under test: the process's clock stays ahead for `lasts` seconds.
          await pause(lasts * 1000);
          await clocks!.move(index, 0);
          window.to = Date.now();
          clockWindows.push(window);
          done(`${victim.name}'s clock ${offsetSeconds} s ahead for ${lasts} s, then back`);
        } else if (kind === 'redis') {
          await redis.stop();
          // The wait is the fault under test: Redis stays away for redisDownSeconds.
          await pause(options.redisDownSeconds * 1000);
          await redis.start();
          done(`Redis away ${options.redisDownSeconds} s`);
        } else {
          proxy.down();
          const [cut] = await sql<{ n: number }[]>`
            select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()`;
          // The wait is the fault under test: the database stays away for databaseDownSeconds.
          await pause(options.databaseDownSeconds * 1000);
          proxy.up();
          done(`${cut.n} connections terminated, the database away ${options.databaseDownSeconds} s`);
        }
      }
    })();

    await load;
    await Promise.all(inflight);
    clearInterval(refresher);
    await faultLoop.catch((error) => crashes.push(`the fault loop failed: ${String(error)}`));
    await Promise.all(restarts);
    say('load over; checking the database and the clients');

    // A command is in a fault's window when any part of its life, from sending to its answer, falls
    // between the fault's start and 10 s after its end. A command sent a moment before a fault and
    // still waiting for its turn or its commit when the fault hit gets the fault's answer (a drain
    // refuses what waits, a cut connection fails its transaction): counted by its sending time
    // alone (with a 1 s margin before the fault), such an answer looked like a 503 in calm weather
    // whenever the command took longer than the margin, as the slowest 1 % do on a loaded machine
    // (2xx p99 2.4 s outside the windows at load average 14).
    const during = (record: Sent, fault: Fault) => record.at <= fault.over + WINDOW_MS && record.at + record.ms >= fault.at;
    const inWindow = (record: Sent) => faults.some((fault) => during(record, fault));
    const windowOf = (fault: Fault) => sent.filter((record) => during(record, fault));
    const inFaults = emptyClasses();
    const outsideFaults = emptyClasses();
    const latencies = { inFaults: [] as number[], outsideFaults: [] as number[] };
    for (const record of sent) {
      const where = inWindow(record) ? 'inFaults' : 'outsideFaults';
      (where === 'inFaults' ? inFaults : outsideFaults)[classify(record.outcome)]++;
      if (typeof record.outcome === 'number' && record.outcome < 300) latencies[where].push(record.ms);
    }
    // Recovery: from the start of a fault until the last command sent in its window that did not
    // get a 2xx or 4xx (a 5xx, no answer, or no process taking it) had its outcome; 0 when none.
    const bad = (record: Sent) => !['2xx', '4xx'].includes(classify(record.outcome));
    const recoveryOf = (fault: Fault): number => {
      const hit = windowOf(fault).filter(bad);
      return hit.length === 0 ? 0 : Math.max(...hit.map((record) => record.at + record.ms)) - fault.at;
    };

    const traced = await sql<
      { trace_id: string; created_at: Date }[]
    >`select trace_id, min(created_at) as created_at from outbox where trace_id like 'chaos-%' group by trace_id`;
    const committed = new Map(traced.map((row) => [row.trace_id, row.created_at.getTime()]));
    const acceptedMissing = sent.filter(
      (record) => typeof record.outcome === 'number' && record.outcome < 300 && !committed.has(record.id),
    ).length;
    const appliedDespite5xx = sent
      .filter((record) => typeof record.outcome === 'number' && record.outcome >= 500 && committed.has(record.id))
      .map((record) => `${seconds(record.at - started)} ${record.kind} → ${record.outcome} at ${record.process}: ${record.said}`);
    const databaseRecoveries = faults
      .filter((fault) => fault.kind === 'db')
      .map((fault) => {
        const next = faults.find((other) => other.at > fault.at)?.at ?? endAt;
        const perProcess = Object.fromEntries(
          supervised.map((process) => {
            const answered = sent
              .filter(
                (record) =>
                  record.process === process.name && record.at + record.ms >= fault.at && record.at + record.ms < next && bad(record),
              )
              .map((record) => record.at + record.ms);
            return [process.name, answered.length === 0 ? 0 : Math.max(0, Math.max(...answered) - fault.over)];
          }),
        );
        return { at: fault.at - started, perProcess };
      });
    // What every process has printed so far, the ones gone too.
    const printed = () => supervised.flatMap((one) => one.outputs.map((output) => ({ process: one.name, text: output() })));
    const loggedFor = requestLines(printed());
    const faultRuleBreaks = faults.flatMap((fault) => {
      const line = (record: Sent) =>
        `${fault.kind} at ${seconds(fault.at - started)}: ${record.kind} sent ${seconds(record.at - fault.at)} into it → ${record.outcome} after ${seconds(record.ms)} at ${record.process}${record.said ? `: ${record.said}` : ''} (its process logged: ${loggedFor(record.id)})`;
      if (fault.kind === 'slowdb') {
        return windowOf(fault)
          .filter((record) => bad(record) && !(record.outcome === 503 && /"message"/.test(record.said ?? '')))
          .map(line);
      }
      if (fault.kind === 'redis-one') {
        return windowOf(fault)
          .filter((record) => record.process !== fault.victim && bad(record))
          .map(line);
      }
      return [];
    });
    const appliedAfterGivingUp = sent.filter(
      (record) => record.outcome === 'timeout' && (committed.get(record.id) ?? 0) > record.at + options.clientTimeoutMs,
    ).length;

    // The wait lets PostgreSQL publish its statistics (deadlocks, at most a second late, with no word that it has).
    await pause(2000);
    let clientsConverged = 0;
    for (const client of clients) {
      if (!client.room) continue;
      try {
        await converged(sql, client.room, 'a chaos client', 20_000);
        clientsConverged++;
      } catch {
        // Counted as not converged.
      }
    }
    const { diskWindows, diskProblems } = await judgeFullDisks(sql, {
      windows: diskFaults,
      dataDir,
      backupDir,
      outputs: () => printed().map((output) => output.text),
      started,
    });
    const clockReport = clocks
      ? await judgeClocks(sql, { windows: clockWindows, commands: sent, started, season: season?.end ?? null })
      : null;
    const perRoom = new Map<string, number>();
    for (const client of clients) if (client.room) perRoom.set(client.room.roomId, (perRoom.get(client.room.roomId) ?? 0) + 1);
    const sinceLastFault = (at: number) => {
      const before = faults.filter((fault) => fault.over <= at).at(-1);
      return before ? `${seconds(at - before.over)} after ${before.kind} ended` : 'before any fault';
    };
    const outsideFaultFailures = sent
      .filter((record) => !inWindow(record) && bad(record))
      .map(
        (record) =>
          `${seconds(record.at - started)} ${record.kind} → ${record.outcome} in ${record.ms} ms at ${record.url} (${sinceLastFault(record.at)})${record.said ? `: ${record.said}` : ''}`,
      );
    const deadlocks = (await deadlocksOf(sql)) - deadlocksBefore;
    const invariants = await checkInvariants(sql);
    return {
      options: { ...options, say: undefined } as unknown as ChaosReport['options'],
      commands: sent.length,
      inFaults,
      outsideFaults,
      p50Ms: { inFaults: percentile(latencies.inFaults, 50), outsideFaults: percentile(latencies.outsideFaults, 50) },
      p99Ms: { inFaults: percentile(latencies.inFaults, 99), outsideFaults: percentile(latencies.outsideFaults, 99) },
      faults: options.faults
        .filter((kind, index, all) => all.indexOf(kind) === index)
        .map((kind) => {
          const ofKind = faults.filter((fault) => fault.kind === kind);
          return { kind, count: ofKind.length, recoveryMs: ofKind.map(recoveryOf), notes: ofKind.map((fault) => fault.note) };
        }),
      deadlocks,
      crashes,
      startFailures,
      invariantProblems: invariants.problems,
      acceptedMissing,
      appliedAfterGivingUp,
      clientsConverged,
      clientsChecked: clients.length,
      longestClientGapMs: Math.max(0, ...clients.map((client) => client.longestGapMs)),
      clientsPerRoom: [...perRoom.values()].sort((a, b) => b - a),
      outsideFaultFailures,
      appliedDespite5xx,
      databaseRecoveries,
      joinFailures,
      listingProblems,
      faultRuleBreaks,
      diskSkipped,
      diskWindows,
      diskProblems,
      errorLines: errorLinesOf(printed(), started),
      clockSkipped,
      clocks: clockReport,
    };
  } finally {
    await Promise.all(clients.map((client) => client.leave().catch(() => undefined)));
    await Promise.all(supervised.map((process) => process.stop().catch(() => undefined)));
    await redis.stop();
    await proxy.stop();
    await Promise.all(redisProxies.map((one) => one.stop()));
    await database.close();
    await disk?.remove();
    await scratch?.remove();
    await clocks?.remove();
  }
}

interface DiskFault {
  fault: Fault;
  /** The backup slots released while the disk was full, and the one after. */
  inWindow: Date[];
  after: Date[];
  /** wanakt_mail_sends_total{result="queued"} of each process before the disk filled and before it was freed. */
  metricBefore: (number | null)[];
  metricAfter: (number | null)[];
}

const NO_SPACE = /ENOSPC|no space left/i;

/** What each full disk left: the mail it held (waited for until its bound), the processes' words, the backups. */
async function judgeFullDisks(
  sql: Sql,
  run: { windows: DiskFault[]; dataDir: string; backupDir: string; outputs: () => string[]; started: number },
): Promise<{ diskWindows: DiskWindowReport[]; diskProblems: string[] }> {
  const diskWindows: DiskWindowReport[] = [];
  const diskProblems: string[] = [];
  for (const { fault, inWindow, after, metricBefore, metricAfter } of run.windows) {
    const when = `disk at ${seconds(fault.at - run.started)}`;
    const mail = await mailOfWindow(sql, mailFolderOf(run.dataDir), fault.at, fault.over, fault.over + MAIL_AFTER_DISK_MS);
    // A backup takes a few seconds: each slot is waited for until it settles, at most a minute after its time.
    const slots = [...inWindow, ...after];
    const read = () => backupsOf(sql, run.backupDir, slots).catch(() => []);
    let backups = await read();
    while (backups.some((backup) => backup.ok === null && backup.slot.getTime() + 60_000 > Date.now())) {
      // The wait is the backup's own: a dump and a check of the copy.
      await pause(1000);
      backups = await read();
    }
    const inTheWindow = (at: number) => at >= fault.at && at <= fault.over + 1000;
    const outputs = run.outputs();
    const mailLogLines = linesAt(outputs, MAIL_FULL_DISK_LINE).filter(inTheWindow).length;
    const backupLogLines = linesAt(outputs, BACKUP_FULL_DISK_LINE).filter(inTheWindow).length;
    // A process restarted in the window counts from 0 again.
    const counted = metricAfter.map((value, i) => (value === null ? null : value - Math.min(value, metricBefore[i] ?? 0)));
    const metricQueued = counted.every((value) => value === null) ? null : counted.reduce<number>((sum, value) => sum + (value ?? 0), 0);

    if (mail.queued === 0) diskProblems.push(`${when}: no mail was queued while the disk was full, so none was held`);
    for (const line of mail.notSent) diskProblems.push(`${when}: ${line}, ${seconds(MAIL_AFTER_DISK_MS)} after the disk was freed`);
    if (mail.withoutFile.length > 0)
      diskProblems.push(`${when}: sent without an .eml in DATA_DIR/mail: mail ${mail.withoutFile.join(', ')}`);
    if (mail.triedWhileFull > 0 && mailLogLines === 0) {
      diskProblems.push(
        `${when}: ${mail.triedWhileFull} messages were tried on the full disk and no process logged that one waits (ENOSPC)`,
      );
    }
    if (mail.triedWhileFull > 0 && metricQueued === 0) {
      diskProblems.push(
        `${when}: ${mail.triedWhileFull} messages were tried on the full disk and wanakt_mail_sends_total{result="queued"} did not rise`,
      );
    }
    const inWindowBackups = backups.filter((backup) => inWindow.some((slot) => slot.getTime() === backup.slot.getTime()));
    if (inWindow.length > 0 && !inWindowBackups.some((backup) => backup.taken)) {
      diskProblems.push(`${when}: no process took a backup slot while the disk was full`);
    }
    // A backup taken on the full disk fails for it; one still unfinished (its process stopped
    // mid-check), or one whose dump wrote only after the disk was freed, is described, not judged.
    for (const backup of inWindowBackups.filter((one) => one.taken)) {
      if (backup.ok === false && !NO_SPACE.test(backup.problem ?? '')) {
        diskProblems.push(
          `${when}: the backup of ${backup.slot.toISOString()} on the full disk: ok ${backup.ok}, ${backup.problem ?? 'no problem recorded'}`,
        );
      }
    }
    for (const backup of backups) {
      // A copy that could not be written whole is deleted; one that was written and failed its
      // check, or whose process stopped before the check ended (a kill), is kept for a look.
      if (backup.copyKept && backup.ok === false && NO_SPACE.test(backup.problem ?? '')) {
        diskProblems.push(`${when}: a half copy of the backup of ${backup.slot.toISOString()} was left in BACKUP_DIR`);
      }
      if (!inWindowBackups.includes(backup) && backup.ok === false && NO_SPACE.test(backup.problem ?? '')) {
        diskProblems.push(`${when}: the backup after the disk was freed still found it full: ${backup.problem}`);
      }
    }
    diskWindows.push({
      at: fault.at - run.started,
      seconds: (fault.over - fault.at) / 1000,
      mail,
      mailLogLines,
      metricQueued,
      backupLogLines,
      backups: backups.map(
        (backup) =>
          `${backup.slot.toISOString().slice(11, 19)}${inWindowBackups.includes(backup) ? ' (full)' : ' (after)'} ${
            !backup.taken
              ? 'not taken'
              : backup.ok
                ? `whole and checked${inWindowBackups.includes(backup) ? ' (written after the disk was freed)' : ''}`
                : backup.ok === false
                  ? `failed: ${(backup.problem ?? '').replace(/^The backup \S+ could not be written: /, '').slice(0, 160)}`
                  : 'unfinished (its process stopped before the copy was checked)'
          }${backup.copyKept ? ', its copy in BACKUP_DIR' : ', no copy in BACKUP_DIR'}`,
      ),
    });
  }
  return { diskWindows, diskProblems };
}

const describeLeads = (leads: number[]) =>
  leads.length === 0 ? '—' : `${Math.min(...leads)}–${Math.max(...leads)} s (median ${percentile(leads, 50)} s)`;

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');

/** The report as the table the operator reads. */
export function describeChaos(report: ChaosReport): string[] {
  const classes = (answers: AnswerClasses) =>
    Object.entries(answers)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
  const outside5xx = report.outsideFaults['503'] + report.outsideFaults['5xx other'];
  return [
    `seed: ${report.options.seed} (replay with --seed ${report.options.seed} and the same options)`,
    `| fault | count | time to recover (each: from the fault to the last 5xx or unanswered command) | what happened |`,
    `| --- | --- | --- | --- |`,
    ...report.faults.map(
      (fault) =>
        `| ${fault.kind} | ${fault.count} | ${fault.recoveryMs.map(seconds).join(', ') || '—'} | ${[...new Set(fault.notes)].slice(0, 3).join('; ')} |`,
    ),
    '',
    `commands sent: ${report.commands}`,
    `answers under way during a fault or within 10 s after it: ${classes(report.inFaults)}; 2xx p50 ${report.p50Ms.inFaults} ms, p99 ${report.p99Ms.inFaults} ms`,
    `answers outside the fault windows: ${classes(report.outsideFaults)}; 2xx p50 ${report.p50Ms.outsideFaults} ms, p99 ${report.p99Ms.outsideFaults} ms`,
    `deadlocks (pg_stat_database): ${report.deadlocks}`,
    `process crashes: ${report.crashes.length}${report.crashes.length ? `: ${report.crashes.slice(0, 5).join(' // ')}` : ''}`,
    `starts that failed and were tried again: ${report.startFailures.length}${report.startFailures.length ? `: ${report.startFailures.slice(0, 3).join(' // ')}` : ''}`,
    `invariants: ${report.invariantProblems.length === 0 ? 'OK' : report.invariantProblems.join('; ')}`,
    `accepted commands missing from the database: ${report.acceptedMissing}`,
    `commands applied after their caller gave up: ${report.appliedAfterGivingUp}`,
    `clients converged to the database: ${report.clientsConverged} of ${report.clientsChecked} (longest time out of a room: ${seconds(report.longestClientGapMs)})`,
    `room clients per process at the end: ${report.clientsPerRoom.join(', ') || 'none'}`,
    `5xx outside the 10 s after any fault: ${outside5xx} (target 0)`,
    `commands answered 5xx that were applied all the same: ${report.appliedDespite5xx.length} (target 0)${report.appliedDespite5xx.length ? `: ${report.appliedDespite5xx.slice(0, 5).join(' // ')}` : ''}`,
    ...report.databaseRecoveries.map(
      (cut) =>
        `after the database cut at ${seconds(cut.at)}, each process answered well again (after the cut's end) in: ${Object.entries(
          cut.perProcess,
        )
          .map(([name, ms]) => `${name} ${seconds(ms)}`)
          .join(', ')}`,
    ),
    `fresh joins around a frozen process beyond their bound: ${report.joinFailures.length} (target 0)${report.joinFailures.length ? `: ${report.joinFailures.join(' // ')}` : ''}`,
    `world rooms listed after a freeze on a gone process, or two on one process: ${report.listingProblems.length} (target 0)${report.listingProblems.length ? `: ${report.listingProblems.join(' // ')}` : ''}`,
    `answers a slow database or one process without Redis must not give: ${report.faultRuleBreaks.length} (target 0)${report.faultRuleBreaks.length ? `: ${report.faultRuleBreaks.slice(0, 10).join(' // ')}` : ''}`,
    ...(report.diskSkipped ? [`disk: ${report.diskSkipped}`] : []),
    ...report.diskWindows.map(
      (window) =>
        `full disk at ${seconds(window.at)} for ${seconds(window.seconds * 1000)}: mail queued meanwhile ${window.mail.queued} (${window.mail.triedWhileFull} tried on the full disk), sent within ${seconds(MAIL_AFTER_DISK_MS)} after it was freed ${window.mail.sent}, sent without an .eml ${window.mail.withoutFile.length}; log lines "could not be sent (…ENOSPC…); it waits in the queue" ${window.mailLogLines}; wanakt_mail_sends_total{result="queued"} +${window.metricQueued ?? '— (no /metrics)'}; backups: ${window.backups.join('; ') || 'no slot in the window'} (log lines of a backup failed for the full disk: ${window.backupLogLines})`,
    ),
    `mail lost or late, silence in the log or the metrics, half backups around a full disk: ${report.diskProblems.length} (target 0)${report.diskProblems.length ? `: ${report.diskProblems.slice(0, 10).join(' // ')}` : ''}`,
    `lines the processes logged at level error or above: ${report.errorLines.length}${report.errorLines.length ? `: ${report.errorLines.slice(0, 15).join(' // ')}` : ''}`,
    ...(report.clockSkipped ? [`clock, skew: ${report.clockSkipped}`] : []),
    ...(report.clocks?.windows ?? []).map(
      (window) =>
        `${window.kind} at ${seconds(window.atSeconds * 1000)}: ${window.victim}'s clock +${window.offsetSeconds} s; ${window.stamped} commands through it wrote ledger lines, stamped ${describeLeads(window.leadSeconds)} ahead of the database's time`,
    ),
    ...(report.clocks?.season
      ? [
          `the season ending at ${report.clocks.season.end} (a clock step crosses it): ${
            report.clocks.season.paidAt
              ? `paid at ${report.clocks.season.paidAt} (game time), ${report.clocks.season.paidTotal} DRK in ${report.clocks.season.rewardLines} ledger lines`
              : 'not paid'
          }`,
        ]
      : []),
    ...(report.clocks
      ? [
          `writes stamped with another clock than their process's, seasons or earnings paid twice, the stepped season unpaid: ${report.clocks.problems.length} (target 0)${report.clocks.problems.length ? `: ${report.clocks.problems.slice(0, 10).join(' // ')}` : ''}`,
        ]
      : []),
    `5xx or unanswered outside the fault windows: ${report.outsideFaultFailures.length}${report.outsideFaultFailures.length ? `: ${report.outsideFaultFailures.slice(0, 10).join(' // ')}` : ''}`,
  ];
}
