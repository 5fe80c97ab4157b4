import { afterEveryCommit, type Sql } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { outsideRequest } from '../request-context.ts';
import type { Delivered, DomainEventHandler, EventBus, EventOrigin } from './domain-events.ts';
import { OUTBOX_CHANNEL, outboxHead, pruneOutbox, readOutbox } from './outbox.ts';

export interface RelayOptions {
  sql: Sql;
  log: Logger;
  clock: () => Date;
  /**
   * Whether this database can LISTEN (a PostgreSQL server). The embedded database serves one
   * session, so there the relay wakes on this process's own commits and on its poll.
   */
  listen: boolean;
  /** The safety net: how often the relay reads the outbox even when nothing woke it. */
  pollMs?: number;
  /** How many events one read takes. */
  batchSize?: number;
  /** Events are kept this long for relays that fell behind, and at least the newest `keepEvents`. */
  retentionMs?: number;
  keepEvents?: number;
}

export interface OutboxRelay extends EventBus {
  /** The number of the last event this process delivered. */
  position(): number;
  /** Reads the outbox now (also what a wake-up does); resolves when caught up. */
  catchUp(): Promise<void>;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Delivers the outbox to this process's listeners, in order, each event once. It starts at the
 * newest event: what came before is already in the tables that a room loads when it is created.
 *
 * PostgreSQL's NOTIFY (sent only when a transaction with events commits) and this process's own
 * commits wake it at once; the poll catches anything a lost wake-up missed, so an event is never
 * lost between commit and delivery, only late by at most one poll. Numbers have no holes (see the
 * migration), so a hole means the relay fell behind the pruned horizon: it then tells listeners
 * to reload from the tables and carries on from the newest event.
 */
export async function startOutboxRelay(options: RelayOptions): Promise<OutboxRelay> {
  const { sql, log } = options;
  const batchSize = options.batchSize ?? 500;
  const handlers = new Set<DomainEventHandler>();
  let delivered = await outboxHead(sql);
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let closed = false;
  let failing = false;

  const deliver = (event: Delivered, seq: number, origin?: EventOrigin) => {
    for (const handler of handlers) {
      try {
        handler(event, seq, origin);
      } catch (error) {
        log.error(`An outbox listener failed on ${event.type} #${seq}`, error);
      }
    }
  };

  const readOnce = async (): Promise<boolean> => {
    const rows = await readOutbox(sql, delivered, batchSize);
    if (rows.length > 0 && rows[0].seq !== delivered + 1) {
      log.warn(`Outbox events ${delivered + 1}..${rows[0].seq - 1} were pruned before this process read them: reloading the world`);
      delivered = rows[0].seq - 1;
      deliver({ type: 'world.resync' }, delivered);
    }
    for (const row of rows) {
      if (closed) return false;
      delivered = row.seq;
      deliver(row.event, row.seq, { traceId: row.traceId, committedAt: row.createdAt });
    }
    return rows.length === batchSize;
  };

  // A caller waits for the first pass that starts after it asked and reads to the end, not for
  // the relay to go quiet: under a steady stream of commits from every process the loop may never
  // pause, and a command that waited for that would never answer.
  let passes = 0;
  let waiters: { after: number; resolve: () => void }[] = [];
  const settle = (upTo: number) => {
    const still: typeof waiters = [];
    for (const waiter of waiters) {
      if (waiter.after < upTo) waiter.resolve();
      else still.push(waiter);
    }
    waiters = still;
  };

  const readLoop = async (): Promise<void> => {
    try {
      do {
        readAgain = false;
        const pass = ++passes;
        if (await readOnce()) readAgain = true;
        else settle(pass);
      } while (readAgain && !closed);
      if (failing) log.info('The outbox relay reads the database again');
      failing = false;
    } catch (error) {
      if (!failing && !closed)
        log.warn(`The outbox relay cannot read the database (${(error as Error).message}); retrying on the next poll`);
      failing = true;
      // The poll retries; a command that committed does not wait for the database to come back.
      settle(Infinity);
    } finally {
      reading = null;
      if (closed) settle(Infinity);
    }
  };

  const catchUp = (): Promise<void> => {
    if (closed) return Promise.resolve();
    const caughtUp = new Promise<void>((resolve) => waiters.push({ after: passes, resolve }));
    if (reading) readAgain = true;
    // A commit of a request wakes it: what it delivers is everyone's, not that request's.
    else reading = outsideRequest(readLoop);
    return caughtUp;
  };

  const stopWakingOnCommit = afterEveryCommit(catchUp);
  const poll = setInterval(() => void catchUp(), options.pollMs ?? 1000);
  const prune = setInterval(() => {
    const before = new Date(options.clock().getTime() - (options.retentionMs ?? 24 * 60 * 60 * 1000));
    pruneOutbox(sql, before, options.keepEvents ?? 10_000).catch((error: Error) =>
      log.warn(`Could not prune the outbox: ${error.message}`),
    );
  }, PRUNE_EVERY_MS);
  poll.unref();
  prune.unref();
  // postgres.js re-listens by itself after a lost connection and calls onlisten again: read then,
  // since notifications sent while the connection was down are gone.
  const listening = options.listen
    ? await sql.listen(
        OUTBOX_CHANNEL,
        () => void catchUp(),
        () => void catchUp(),
      )
    : null;

  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    position: () => delivered,
    catchUp,
    async close() {
      closed = true;
      clearInterval(poll);
      clearInterval(prune);
      stopWakingOnCommit();
      await listening?.unlisten().catch(() => undefined);
      await reading;
      settle(Infinity);
      handlers.clear();
    },
  };
}
