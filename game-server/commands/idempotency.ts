import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_IN_FLIGHT, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_WINDOW_HOURS } from '../../schema/api/idempotency.ts';
import type { Command } from '../../schema/commands/index.ts';
import { CommitUnknown, inTransaction, type Sql, type Tx } from '../infra/db/database.ts';
import { isConnectionLost } from '../infra/db/unavailable.ts';
import { conflict, GameError, type ErrorStatus } from '../errors.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import type { Answer } from './handler.ts';

/**
 * Who sent a command and under which key (docs/write-path.md "Idempotent commands"). A key is
 * the caller's: the same key from two accounts names two requests.
 */
export interface CommandKey {
  /** `user:<id>`, `key:<api key id>`, or `address:<ip>` for someone signed out. */
  caller: string;
  /** The client's Idempotency-Key; without one, the pipeline keys the command itself. */
  key?: string;
}

/** One command under its key: what is stored, and what a retry must match. */
export interface Claim {
  caller: string;
  key: string;
  /** Whether the key is the client's, which a retry can send again. */
  own: boolean;
  command: string;
  fingerprint: string;
}

const WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 60 * 60 * 1000;
// A command of several transactions of its own (a payment) holds its key this long at most: a
// process that died under it leaves the key to a retry after that.
const OWN_TRANSACTIONS_HOLD_MS = 2 * 60 * 1000;

/** JSON with every object's keys sorted: two bodies that say the same thing read the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The claim of a command as the pipeline read it: its name, the ids its path named and its body. */
export function claimOf(command: Command, key: CommandKey): Claim {
  return {
    caller: key.caller,
    key: key.key ?? `pipeline:${randomUUID()}`,
    own: key.key !== undefined,
    command: command.type,
    fingerprint: createHash('sha256').update(canonical(command)).digest('hex'),
  };
}

/**
 * The advisory lock of one claim, a 64-bit number from its caller and key: held by the transaction
 * that runs it, so a concurrent retry finds it taken, and waited for after a lost commit.
 */
function lockOf(claim: Claim): bigint {
  return createHash('sha256').update(`${claim.caller}\n${claim.key}`).digest().readBigInt64BE(0);
}

interface StoredRow {
  fingerprint: string;
  status: number | null;
  /** The answer's JSON as it was sent. */
  body: string | null;
  locked_until: Date | null;
}

/** A command's outcome: its answer, or its refusal by the rules (a 4xx), both kept under its key. */
type Outcome = { answer: Answer } | { refusal: GameError };

const isRefusal = (error: unknown): error is GameError => error instanceof GameError && error.status < 500;

async function readStored(tx: Sql | Tx, claim: Claim, now: Date): Promise<StoredRow | undefined> {
  const [row] = await tx<StoredRow[]>`
    select fingerprint, status, body::text as body, locked_until from idempotency_keys
    where caller = ${claim.caller} and key = ${claim.key} and created_at > ${new Date(now.getTime() - WINDOW_MS)}`;
  return row;
}

/** What a stored row answers a retry: its outcome again, or 422 for a different request under the key. */
function replay(row: StoredRow, claim: Claim, replayed = true): Outcome {
  if (row.fingerprint !== claim.fingerprint) throw new GameError(422, IDEMPOTENCY_KEY_REUSED);
  const status = row.status!;
  const body: unknown = row.body === null ? null : JSON.parse(row.body);
  if (status >= 400) return { refusal: new GameError(status as ErrorStatus, (body as { message: string }).message) };
  return { answer: { status: status as Answer['status'], ...(body !== null && { body }), ...(replayed && { replayed }) } };
}

function stored(outcome: Outcome): { status: number; body: unknown } {
  if ('refusal' in outcome) return { status: outcome.refusal.status, body: { message: outcome.refusal.message } };
  return { status: outcome.answer.status, body: outcome.answer.body ?? null };
}

async function store(tx: Tx, claim: Claim, outcome: Outcome, now: Date): Promise<void> {
  const { status, body } = stored(outcome);
  // JSON text as the answer sends it (json, not jsonb, keeps it as written), sent as text: a
  // parameter the server types json would be encoded once more by the driver.
  const text = body === null ? null : JSON.stringify(body);
  await tx`
    insert into idempotency_keys (caller, key, fingerprint, command, status, body, created_at)
    values (${claim.caller}, ${claim.key}, ${claim.fingerprint}, ${claim.command}, ${status}, ${text}::text::json, ${now})
    on conflict (caller, key) do update
      set fingerprint = excluded.fingerprint, command = excluded.command, status = excluded.status,
          body = excluded.body, locked_until = null, created_at = excluded.created_at`;
}

const answerOf = (outcome: Outcome): Answer => {
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.answer;
};

/**
 * Runs a command of one transaction once under its claim. In that transaction it takes the
 * claim's lock (taken already: 409, a retry of a request still running), reads what the key
 * stored (a different request: 422; the same: its outcome again, nothing run), else runs the
 * command and stores its outcome, a refusal by the rules included (its writes rolled back to the
 * savepoint, the refusal kept). When the connection is lost once COMMIT was sent, the outcome is
 * read back before anything is answered (`afterLostCommit`): a 503 only when it was not applied.
 */
export async function runOnce(deps: ServiceDeps, claim: Claim, work: (tx: Tx, now: Date) => Promise<Answer>): Promise<Answer> {
  let backend: number | undefined;
  try {
    return answerOf(
      await inTransaction(deps.sql, async (tx) => {
        const now = deps.clock();
        const [[lock], row] = await Promise.all([
          tx<
            { mine: boolean; pid: number }[]
          >`select pg_try_advisory_xact_lock(${String(lockOf(claim))}::bigint) as mine, pg_backend_pid() as pid`,
          readStored(tx, claim, now),
          tx`savepoint command`,
        ]);
        if (!lock!.mine) throw conflict(IDEMPOTENCY_KEY_IN_FLIGHT);
        backend = lock!.pid;
        if (row && row.status !== null) return replay(row, claim);
        let outcome: Outcome;
        try {
          outcome = { answer: await work(tx, now) };
        } catch (error) {
          if (!isRefusal(error)) throw error;
          await tx`rollback to savepoint command`;
          outcome = { refusal: error };
        }
        await store(tx, claim, outcome, now);
        return outcome;
      }),
    );
  } catch (error) {
    if (!(error instanceof CommitUnknown) || backend === undefined) throw error;
    const outcome = await askUntilKnown(deps, claim, backend);
    if (!outcome) throw error;
    return answerOf(outcome);
  }
}

// A database that is back within these tries still gets the right answer; one away longer, a 503.
const ASK_TRIES = 5;
const ASK_PAUSE_MS = 500;

async function askUntilKnown(deps: ServiceDeps, claim: Claim, backend: number): Promise<Outcome | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await afterLostCommit(deps, claim, backend);
    } catch (error) {
      if (attempt >= ASK_TRIES || !isConnectionLost(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, ASK_PAUSE_MS));
    }
  }
}

/**
 * Whether a transaction whose COMMIT lost its answer was applied, asked on a fresh connection: the
 * backend that ran it is ended if it still lives (a cut seen only by this side), the claim's lock
 * is then waited for, so that transaction is over, and the key's row says. Undefined: not applied.
 */
async function afterLostCommit(deps: ServiceDeps, claim: Claim, backend: number): Promise<Outcome | undefined> {
  const reserved = await deps.sql.reserve();
  try {
    await reserved`
      select pg_terminate_backend(pid, 2000) from pg_locks
      where pid = ${backend} and locktype = 'advisory' and granted and objsubid = 1
        and classid::bigint = (${String(lockOf(claim))}::bigint >> 32) & 4294967295
        and objid::bigint = ${String(lockOf(claim))}::bigint & 4294967295`;
    await reserved`begin`;
    try {
      await reserved`select pg_advisory_xact_lock(${String(lockOf(claim))}::bigint)`;
      const row = await readStored(reserved, claim, deps.clock());
      // Its first answer, not a replay: the client never had one.
      return row && row.status !== null && row.fingerprint === claim.fingerprint ? replay(row, claim, false) : undefined;
    } finally {
      await reserved`rollback`.catch(() => undefined);
    }
  } finally {
    reserved.release();
  }
}

/**
 * Runs a command of several transactions of its own (a payment asks its provider between them)
 * once under the client's key. Its key is held in a row of its own first (`locked_until`), the
 * command runs, and its outcome is stored after; a failure that is not a refusal lets the key go,
 * so a retry runs it again, as each such command allows (docs/write-path.md "Idempotent commands").
 */
export async function runOwnOnce(deps: ServiceDeps, claim: Claim, work: () => Promise<Answer>): Promise<Answer> {
  const held = await inTransaction(deps.sql, async (tx): Promise<Outcome | null> => {
    const now = deps.clock();
    const [[lock], row] = await Promise.all([
      tx<{ mine: boolean }[]>`select pg_try_advisory_xact_lock(${String(lockOf(claim))}::bigint) as mine`,
      readStored(tx, claim, now),
    ]);
    if (!lock!.mine) throw conflict(IDEMPOTENCY_KEY_IN_FLIGHT);
    if (row && row.status !== null) return replay(row, claim);
    if (row && row.locked_until && row.locked_until > now) {
      if (row.fingerprint !== claim.fingerprint) throw new GameError(422, IDEMPOTENCY_KEY_REUSED);
      throw conflict(IDEMPOTENCY_KEY_IN_FLIGHT);
    }
    await tx`
      insert into idempotency_keys (caller, key, fingerprint, command, locked_until, created_at)
      values (${claim.caller}, ${claim.key}, ${claim.fingerprint}, ${claim.command},
              ${new Date(now.getTime() + OWN_TRANSACTIONS_HOLD_MS)}, ${now})
      on conflict (caller, key) do update
        set fingerprint = excluded.fingerprint, command = excluded.command, status = null, body = null,
            locked_until = excluded.locked_until, created_at = excluded.created_at`;
    return null;
  });
  if (held) return answerOf(held);
  let outcome: Outcome;
  try {
    outcome = { answer: await work() };
  } catch (error) {
    if (!isRefusal(error)) {
      await inTransaction(deps.sql, (tx) => tx`delete from idempotency_keys where caller = ${claim.caller} and key = ${claim.key}`).catch(
        () => undefined,
      );
      throw error;
    }
    outcome = { refusal: error };
  }
  await inTransaction(deps.sql, (tx) => store(tx, claim, outcome, deps.clock()));
  return answerOf(outcome);
}

/** Forgets keys past their 24 hours, a batch at a time so no one statement holds the table long. */
export async function forgetOldKeys(deps: ServiceDeps): Promise<number> {
  const before = new Date(deps.clock().getTime() - WINDOW_MS);
  let forgotten = 0;
  for (;;) {
    const deleted = await inTransaction(
      deps.sql,
      (tx) => tx`
        delete from idempotency_keys where ctid = any(array(
          select ctid from idempotency_keys where created_at <= ${before} limit 10000))`,
    );
    forgotten += deleted.count;
    if (deleted.count < 10000) return forgotten;
  }
}
