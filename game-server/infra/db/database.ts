import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import postgres from 'postgres';
import { Admission, GIVEN_UP_BEFORE_COMMIT, type AdmissionOptions } from './admission.ts';
import { currentRequest } from '../request-context.ts';
import { ownerOnlyTar } from '../tar-modes.ts';
import { guardOwnerOnly, makeOwnerOnly, ownerOnlyFolder } from '../owner-only.ts';
import { BUSY, isConnectionLost, unavailable } from './unavailable.ts';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;
/** Either the pool or an open transaction: what every query function takes. */
export type Queryable = Sql | Tx;

export interface Database {
  sql: Sql;
  kind: 'postgres' | 'embedded';
  /** Where the data lives, for the start-up banner (no password). */
  location: string;
  /** The connection string, for a PostgreSQL server; a second pool or process can open it. */
  url?: string;
  close(): Promise<void>;
  /**
   * The embedded database's whole data directory as a tarball, to start other databases from:
   * gzipped for a backup, plain for a copy read back at once (no time spent unpacking it).
   */
  dump?(compression?: 'gzip' | 'none'): Promise<Blob>;
}

// The driver's own back-off between reconnection attempts grows to 20 s after a few refusals, so a
// database away for 3 s was answered again only 15 s after it returned: at most half a second here.
const driverOptions = { onnotice: () => {}, connect_timeout: 10, backoff: (retries: number) => Math.min(0.1 * retries, 0.5) } as const;

/**
 * Every PostgreSQL session's limits (milliseconds), so no statement, lock wait or forgotten open
 * transaction can hold a connection for long: a command stuck behind a lock fails fast with a
 * 503 (unavailable.ts) instead of tying up the pool while its caller has long given up.
 */
export const SESSION_TIMEOUTS = {
  statement_timeout: 10_000,
  lock_timeout: 4_000,
  idle_in_transaction_session_timeout: 30_000,
} as const;

export interface PostgresOptions {
  max?: number;
  /** Load shedding in front of the pool's transactions (admission.ts); none when left out. */
  admission?: AdmissionOptions;
}

const admissions = new WeakMap<Sql, Admission>();

/** The load shedding in front of this pool's transactions, if it has any. */
export function admissionOf(sql: Sql): Admission | undefined {
  return admissions.get(sql);
}

// Seconds. A connection idle for a minute is closed rather than handed out after a quiet spell in which
// a firewall or the server may have dropped it, and none lives past 15 minutes, so a session that went
// wrong in a way nobody noticed is replaced in time (the driver picks 30-60 minutes by itself).
const POOL_LIFETIMES = { idle_timeout: 60, max_lifetime: 15 * 60 } as const;

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const connection = Object.fromEntries(Object.entries(SESSION_TIMEOUTS).map(([name, ms]) => [name, String(ms)]));
  const sql = postgres(url, { ...driverOptions, ...POOL_LIFETIMES, max: options.max ?? 10, connection });
  if (options.admission) admissions.set(sql, new Admission(options.admission));
  const parsed = new URL(url);
  return {
    sql,
    kind: 'postgres',
    url,
    location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    close: () => sql.end({ timeout: 5 }),
  };
}

export interface EmbeddedOptions {
  /** A folder for the data, or undefined for an in-memory database. */
  dataDir?: string;
  /** A data directory dumped by PGlite.dumpDataDir, to start from instead of an empty cluster. */
  loadDataDir?: Blob | File;
}

// The embedded database is served over the PostgreSQL wire protocol so the same driver and the
// same queries run on both backends. pglite-socket runs one session for all its connections, so
// the driver gets exactly one connection: otherwise two transactions would interleave.
const gzipAsync = promisify(gzip);

export async function openEmbedded(options: EmbeddedOptions): Promise<Database> {
  if (options.dataDir) await ownerOnlyFolder(options.dataDir);
  const unguard = options.dataDir ? guardOwnerOnly(options.dataDir) : () => false;
  // pg_trgm backs the marketplace's name search (migration 0034), as on PostgreSQL.
  const pglite = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 2 });
  // Files an earlier version or a copy left open (docs/operations.md "Files").
  if (options.dataDir) await makeOwnerOnly(options.dataDir);
  await server.start();
  const sql = postgres(`postgres://postgres@${server.getServerConn()}/postgres`, { ...driverOptions, max: 1 });
  return {
    sql,
    kind: 'embedded',
    location: options.dataDir ?? 'memory',
    // Dumped plain, its entries made owner-only, then compressed once and off the event loop: the
    // game keeps answering while a backup of the whole database is packed.
    dump: async (compression = 'gzip') => {
      const tarball = ownerOnlyTar(new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
      return new Blob([compression === 'gzip' ? new Uint8Array(await gzipAsync(tarball)) : tarball]);
    },
    close: async () => {
      await sql.end({ timeout: 5 });
      await server.stop();
      await pglite.close();
      unguard();
    },
  };
}

const commitListeners = new Set<() => Promise<void> | void>();

/**
 * Runs `listener` after every transaction of this process that wrote events commits, and the
 * transaction's caller waits for it: the outbox relay delivers the command's own events before the
 * command answers, so whoever made a change reads it back from every cache and room of this process.
 */
export function afterEveryCommit(listener: () => Promise<void> | void): () => void {
  commitListeners.add(listener);
  return () => commitListeners.delete(listener);
}

const openTransactions = new WeakSet<object>();
const wroteEvents = new WeakSet<object>();

/** Says that this transaction wrote events (outbox.ts): its commit is followed by the commit listeners. */
export function markEventsWritten(tx: Tx): void {
  wroteEvents.add(tx);
}

/** Whether this query function is an open transaction rather than the pool. */
export function isTransaction(sql: Queryable): sql is Tx {
  return openTransactions.has(sql);
}

/**
 * The commit of a transaction whose connection was lost once COMMIT was sent: it may have been
 * applied or not, and only the database knows (game-server/commands/idempotency.ts asks it). It
 * keeps its cause's code, so whoever does not ask still answers the 503 of a database away.
 */
export class CommitUnknown extends Error {
  readonly code: string;
  constructor(cause: unknown) {
    super(`The connection was lost at the commit: ${(cause as Error).message}`, { cause });
    this.name = 'CommitUnknown';
    this.code = String((cause as { code?: unknown }).code);
  }
}

// How far a transaction got: a connection that failed once reserved and before BEGIN was answered
// changed nothing.
interface Progress {
  reserved: boolean;
  begun: boolean;
}

/**
 * What `sql.begin` does, on a connection reserved before BEGIN is sent. postgres.js 3.4.9 can
 * write BEGIN without reserving its connection when the socket pushes back under load
 * (porsager/postgres#1189, #823): the transaction then fails with UNSAFE_TRANSACTION, or the
 * connection goes back to the pool with the transaction open and other queries run inside it.
 *
 * A connection lost before BEGIN was answered (one a blink killed, handed out before the pool
 * noticed) is tried once more on a fresh one: nothing of the transaction had run. The admission
 * slot is taken once and given back in `finally`, whatever the driver does.
 */
export async function transaction<T>(sql: Sql, work: (tx: Tx) => Promise<T>, options = ''): Promise<T> {
  const admission = admissions.get(sql);
  const leave = await admission?.enter();
  try {
    const progress: Progress = { reserved: false, begun: false };
    const deadline = admission?.deadline();
    try {
      return await reservedTransaction(sql, work, options, progress, deadline);
    } catch (error) {
      if (!progress.reserved || progress.begun || !isConnectionLost(error)) throw error;
      return await reservedTransaction(sql, work, options, progress, deadline);
    }
  } finally {
    leave?.();
  }
}

/** What patches/postgres+3.4.9.patch adds to a reserved connection: settled with the error when it closes. */
type Reserved = postgres.ReservedSql & { closed: Promise<Error> };

async function reservedTransaction<T>(
  sql: Sql,
  work: (tx: Tx) => Promise<T>,
  options: string,
  progress: Progress,
  deadline: number | undefined,
): Promise<T> {
  // A connection still busy with reads at the request's deadline is not waited for: nothing has
  // started, so the 503 of a busy game is true.
  const left = deadline === undefined ? RESERVE_TIMEOUT_MS : deadline - performance.now();
  if (left <= 0) throw unavailable(BUSY);
  const byTheDeadline = left < RESERVE_TIMEOUT_MS;
  const reserved = (await reserveWithin(
    sql,
    byTheDeadline ? left : RESERVE_TIMEOUT_MS,
    byTheDeadline ? () => unavailable(BUSY) : undefined,
  )) as Reserved;
  progress.reserved = true;
  const limit = { ms: deadline === undefined ? 0 : statementBudget(deadline) };
  const tx = deadline === undefined ? (reserved as unknown as Tx) : untilDeadline(reserved as unknown as Tx, deadline, limit);
  // Each step ends when its connection closes, whether or not the driver settles what was under way
  // on it (3.4.9 left some of a cut connection's queries waiting for ever): the transaction ended with
  // its session, and its admission turn is given back.
  const lost = reserved.closed.then((error) => Promise.reject(error));
  lost.catch(() => undefined);
  const untilClosed = <R>(step: Promise<R>) => Promise.race([step, lost]);
  openTransactions.add(tx);
  try {
    const begin = reserved.unsafe(`begin ${options.replace(/[^a-z ]/gi, '')}`);
    // Sent with BEGIN, in the same round trip: no statement (a lock wait included) runs past the deadline.
    const bounded = deadline === undefined ? null : reserved.unsafe(`set local statement_timeout = ${limit.ms}`);
    await untilClosed(Promise.all([begin, bounded]));
    progress.begun = true;
    let result: T;
    try {
      result = await untilClosed(work(tx));
    } catch (error) {
      // The rollback too ends with the session: a cut as it is written left it waiting for ever.
      await untilClosed(reserved`rollback`).catch(() => undefined);
      throw error;
    }
    // A caller that hung up meanwhile (its own time-out passed while the database was slow) learns
    // nothing of this outcome: its work is rolled back rather than applied behind its back.
    if (currentRequest()?.gone?.()) {
      await untilClosed(reserved`rollback`).catch(() => undefined);
      throw unavailable(GIVEN_UP_BEFORE_COMMIT);
    }
    if (deadline !== undefined && performance.now() >= deadline) {
      await untilClosed(reserved`rollback`).catch(() => undefined);
      throw unavailable(BUSY);
    }
    try {
      await untilClosed(reserved`commit`);
    } catch (error) {
      throw isConnectionLost(error) ? new CommitUnknown(error) : error;
    }
    return result;
  } finally {
    openTransactions.delete(tx);
    reserved.release();
  }
}

/** What is left of the request's time for a statement, in whole milliseconds: at least 1, at most the session's own limit. */
function statementBudget(deadline: number): number {
  return Math.max(1, Math.min(SESSION_TIMEOUTS.statement_timeout, Math.floor(deadline - performance.now())));
}

/**
 * The transaction as its work sees it while its request has time: past the deadline (admission.ts)
 * the work's next query throws the 503 of a busy game instead of being sent, so the work fails and
 * is rolled back at once, whatever it had still to do. Nothing else ever writes on the connection
 * meanwhile, as racing the work against a timer would (the work's next query after a ROLLBACK).
 */
function untilDeadline(tx: Tx, deadline: number, limit: { ms: number }): Tx {
  return new Proxy(tx, {
    apply(target, self, args) {
      const left = deadline - performance.now();
      if (left <= 0) throw unavailable(BUSY);
      // statement_timeout counts from each statement's own start: one sent late in the work (a
      // lock wait on the slow database) could outlast the deadline by the time gone since the
      // limit was set. Then it is set again to what is left, sent just before the statement in
      // the same round trip; a failure of it fails the statement after it too.
      if (limit.ms - left > LIMIT_SLACK_MS) {
        limit.ms = statementBudget(deadline);
        tx.unsafe(`set local statement_timeout = ${limit.ms}`).catch(() => undefined);
      }
      return Reflect.apply(target, self, args);
    },
  });
}

// How far past the deadline a statement's own time-out may reach before it is set again: in calm
// weather a transaction ends well within it, so no statement but the BEGIN's sets it.
const LIMIT_SLACK_MS = 250;

// As long as a statement may run (SESSION_TIMEOUTS): a connection not free by then is not coming.
const RESERVE_TIMEOUT_MS = SESSION_TIMEOUTS.statement_timeout;

/**
 * A reserved connection, or `late()`'s failure after `ms` (by default CONNECT_TIMEOUT, the 503 of
 * a database away): whatever the driver does with a reserve (3.4.9 lost some at a blink,
 * patches/postgres+3.4.9.patch), the command waiting for it, and its admission slot, are never held
 * for ever. A connection that comes after all goes back.
 */
async function reserveWithin(
  sql: Sql,
  ms: number,
  late = (): Error => Object.assign(new Error(`No database connection came free within ${ms} ms`), { code: 'CONNECT_TIMEOUT' }),
): Promise<postgres.ReservedSql> {
  const reserving = sql.reserve();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([reserving, timedOut]);
  } catch (error) {
    reserving.then(
      (reserved) => reserved.release(),
      () => undefined,
    );
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One repeatable-read snapshot: every read inside sees the same committed state. Read only, so a
 * write slipped into it fails instead of committing outside any command or job.
 */
export function inSnapshot<T>(sql: Sql, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(sql, work, 'isolation level repeatable read read only');
}

/**
 * `work`'s outcome, or `late()`'s once the current request's deadline (admission.ts) passes first:
 * what a request waits for outside its transaction (its session's read before it, the relay after
 * its commit) ends by then too, so the whole answer comes before a caller's 10-second time-out.
 * Outside a request, or on a pool without admission, `work`'s. Only for work that changes nothing
 * (a read) or whose change is already applied: `work` goes on after the answer and its outcome is
 * then nobody's.
 */
export async function byDeadline<T>(sql: Sql, work: Promise<T>, late: () => T): Promise<T> {
  const deadline = admissions.get(sql)?.deadline();
  if (deadline === undefined) return work;
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const passed = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, deadline - performance.now()));
  });
  try {
    const first = await Promise.race([work.then((value) => ({ value })), passed]);
    return first === 'late' ? late() : first.value;
  } finally {
    clearTimeout(timer);
  }
}

/** Retries a transaction that PostgreSQL aborted to keep concurrent writers serial. */
export async function inTransaction<T>(sql: Sql, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let used: Tx | undefined;
    let result: T;
    try {
      result = await transaction(sql, (tx) => ((used = tx), work(tx)));
    } catch (error) {
      const code = (error as { code?: string }).code;
      const retryable = code === '40001' || code === '40P01';
      if (!retryable || attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      continue;
    }
    // After the commit and outside the retries: committed work is never run twice. A transaction
    // that wrote no events (a login, a read-mark) has nothing for the relay to deliver.
    // Applied, so never a 503 from here: past the request's deadline it answers without waiting
    // for the relay (its own events then reach this process's rooms a moment after the answer).
    if (used && wroteEvents.delete(used)) await byDeadline(sql, Promise.all([...commitListeners].map((listener) => listener())), () => []);
    return result;
  }
}

/**
 * Lifts this transaction's lock_timeout (SESSION_TIMEOUTS): for an advisory lock that serialises
 * whole runs (migrations, the rent cycle, earnings), where waiting for the other process's turn to
 * end is the point, not a sign of a stuck command.
 */
export async function waitForTurnsFreely(tx: Queryable): Promise<void> {
  await tx`set local lock_timeout = 0`;
}
