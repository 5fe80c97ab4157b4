import { markEventsWritten, type Queryable, type Tx } from '../db/database.ts';
import type { DomainEvent } from './domain-events.ts';

/** The PostgreSQL channel a commit with events notifies; the payload is the last number it wrote. */
export const OUTBOX_CHANNEL = 'wanakt_outbox';

export interface OutboxRow {
  seq: number;
  event: DomainEvent;
  traceId: string | null;
  /** When the row was written, inside the transaction that committed it. */
  createdAt: Date;
}

// The request being served, when there is one, so its events can be followed into the rooms.
let currentTraceId: () => string | undefined = () => undefined;

/** Lets the HTTP layer say which request a transaction belongs to (an AsyncLocalStorage reader). */
export function traceEventsWith(reader: () => string | undefined): void {
  currentTraceId = reader;
}

/**
 * Appends events to the outbox inside the caller's transaction, numbered after the last one. Call
 * it at the end of the transaction: it takes the counter row's lock, which queues every other
 * writer of events until this one commits, so the numbers follow commit order. NOTIFY is
 * transactional, so the wake-up reaches other processes only if the commit happens.
 *
 * One statement takes the number, writes every event and notifies: from the counter's lock to the
 * commit there is one round trip to this process and back, not one per event. Every writer of
 * events in every process waits while this one holds the lock, so a process slowed down (a
 * machine short of CPU, a pause for garbage collection) held them all for each of its turns: the
 * chaos run's 503s in calm weather began with a lock wait past `lock_timeout` there.
 */
export async function emit(tx: Tx, ...events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const traceId = currentTraceId() ?? null;
  await tx`
    with counter as (
      update outbox_counter set last_seq = last_seq + ${events.length} returning last_seq
    ), written as (
      insert into outbox (seq, event, trace_id)
      select counter.last_seq - ${events.length} + listed.position, listed.event, ${traceId}::text
        from counter, jsonb_array_elements(${tx.json(events as never)}::jsonb) with ordinality as listed(event, position)
    )
    select pg_notify(${OUTBOX_CHANNEL}, last_seq::text) from counter`;
  markEventsWritten(tx);
}

/** The number of the newest committed event: 0 before the first. */
export async function outboxHead(sql: Queryable): Promise<number> {
  const [counter] = await sql<{ last_seq: string }[]>`select last_seq::text from outbox_counter`;
  return Number(counter.last_seq);
}

/** Committed events after `seq`, oldest first. */
export async function readOutbox(sql: Queryable, after: number, limit: number): Promise<OutboxRow[]> {
  const rows = await sql<{ seq: string; event: DomainEvent; trace_id: string | null; created_at: Date }[]>`
    select seq::text, event, trace_id, created_at from outbox where seq > ${after} order by outbox.seq limit ${limit}`;
  return rows.map((row) => ({ seq: Number(row.seq), event: row.event, traceId: row.trace_id, createdAt: row.created_at }));
}

/** Deletes events older than `before`, always keeping the newest `keep` so a short outage can catch up. */
export async function pruneOutbox(sql: Queryable, before: Date, keep: number): Promise<number> {
  const head = await outboxHead(sql);
  const rows = await sql`delete from outbox where created_at < ${before} and seq <= ${head - keep}`;
  return rows.count;
}
