import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction, openPostgres, type Database, type Sql } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { currentRequestId, withRequest } from '../request-context.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import type { Delivered, DomainEvent } from './domain-events.ts';
import { emit, outboxHead, pruneOutbox, readOutbox } from './outbox.ts';
import { startOutboxRelay, type OutboxRelay } from './outbox-relay.ts';

const log = createLogger('error');
const changed = (id: number): DomainEvent => ({ type: 'territories.changed', territoryIds: [id] });

function record(relay: OutboxRelay): Array<{ seq: number; event: Delivered }> {
  const heard: Array<{ seq: number; event: Delivered }> = [];
  relay.subscribe((event, seq) => heard.push({ seq, event }));
  return heard;
}

/** A commit that bypasses inTransaction, so no relay of this process is woken by it: only a NOTIFY or a poll can find it. */
const commitUnannounced = (sql: Sql, ...events: DomainEvent[]) => sql.begin((tx) => emit(tx, ...events));

for (const backend of testBackends()) {
  describe(`[outbox] numbered events on ${backend.name}`, () => {
    let database: Database;
    const relays: OutboxRelay[] = [];
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(async () => {
      for (const relay of relays.splice(0)) await relay.close();
      await database.close();
    });

    it('when transactions emit events, then they are numbered 1, 2, 3… and a rolled-back one leaves no number behind', async () => {
      await inTransaction(database.sql, (tx) => emit(tx, changed(1), changed(2)));
      await expect(
        inTransaction(database.sql, async (tx) => {
          await emit(tx, changed(3));
          throw new Error('the command failed after writing its event');
        }),
      ).rejects.toThrow('the command failed');
      await inTransaction(database.sql, (tx) => emit(tx, changed(4)));
      const rows = await readOutbox(database.sql, 0, 10);
      expect(rows.map((row) => [row.seq, row.event])).toEqual([
        [1, changed(1)],
        [2, changed(2)],
        [3, changed(4)],
      ]);
      expect(await outboxHead(database.sql)).toBe(3);
    });

    it('when a command commits, then the relay of its own process delivers its events in order without waiting for a poll', async () => {
      const relay = await startOutboxRelay({ sql: database.sql, log, clock: () => new Date(), listen: false, pollMs: 60_000 });
      relays.push(relay);
      const heard = record(relay);
      await inTransaction(database.sql, (tx) => emit(tx, changed(7), changed(8)));
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(2);
      expect(heard).toEqual([
        { seq: 1, event: changed(7) },
        { seq: 2, event: changed(8) },
      ]);
    });

    it("when a request's command wakes the relay, then what it delivers runs as part of no request (no deadline, no caller to hang up)", async () => {
      const relay = await startOutboxRelay({ sql: database.sql, log, clock: () => new Date(), listen: false, pollMs: 60_000 });
      relays.push(relay);
      const requests: (string | undefined)[] = [];
      // A listener's work (a room reloading the world) would otherwise carry that request's deadline long after it answered.
      relay.subscribe(() => requests.push(currentRequestId()));
      await withRequest({ requestId: 'the purchase', startedAt: performance.now() }, () =>
        inTransaction(database.sql, (tx) => emit(tx, changed(5))),
      );
      await expect.poll(() => requests.length, { timeout: 5000 }).toBe(1);
      expect(requests).toEqual([undefined]);
    });

    it('when the wake-up is lost, then the poll delivers the event anyway, once', async () => {
      const relay = await startOutboxRelay({ sql: database.sql, log, clock: () => new Date(), listen: false, pollMs: 200 });
      relays.push(relay);
      const heard = record(relay);
      const started = performance.now();
      await commitUnannounced(database.sql, changed(11));
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(1);
      console.log(`an event whose wake-up was dropped arrived after ${Math.round(performance.now() - started)} ms (poll every 200 ms)`);
      // The wait is the rule under test, "once": two more polls go by and deliver nothing again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heard).toEqual([{ seq: 1, event: changed(11) }]);
    });

    it('when events were pruned before a relay read them, then it tells its listeners to reload and carries on after them', async () => {
      const relay = await startOutboxRelay({ sql: database.sql, log, clock: () => new Date(), listen: false, pollMs: 60_000 });
      relays.push(relay);
      const heard = record(relay);
      await commitUnannounced(database.sql, changed(1), changed(2), changed(3));
      expect(await pruneOutbox(database.sql, new Date(Date.now() + 60_000), 1)).toBe(2);
      await relay.catchUp();
      expect(heard).toEqual([
        { seq: 2, event: { type: 'world.resync' } },
        { seq: 3, event: changed(3) },
      ]);
      expect(relay.position()).toBe(3);
    });

    it('when old events are pruned, then the newest ones are kept for relays that fell behind', async () => {
      await commitUnannounced(database.sql, changed(1), changed(2), changed(3), changed(4));
      expect(await pruneOutbox(database.sql, new Date(Date.now() + 60_000), 3)).toBe(1);
      expect(await pruneOutbox(database.sql, new Date(Date.now() - 60_000), 0)).toBe(0);
      expect((await readOutbox(database.sql, 0, 10)).map((row) => row.seq)).toEqual([2, 3, 4]);
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[outbox] several processes on real PostgreSQL', () => {
  let database: Database;
  const pools: Database[] = [];
  const relays: OutboxRelay[] = [];
  beforeEach(async () => {
    database = await postgres!.open();
  });
  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.close();
    for (const pool of pools.splice(0)) await pool.close();
    await database.close();
  });

  const processRelay = async (pollMs: number) => {
    const pool = await openPostgres(database.url!, { max: 4 });
    pools.push(pool);
    const relay = await startOutboxRelay({ sql: pool.sql, log, clock: () => new Date(), listen: true, pollMs });
    relays.push(relay);
    return { pool, relay, heard: record(relay) };
  };

  it('when 40 writers commit at once, then every process hears every event exactly once, in one order with no hole', async () => {
    const [a, b] = [await processRelay(60_000), await processRelay(60_000)];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inTransaction(i % 2 ? a.pool.sql : b.pool.sql, async (tx) => {
          // Some writers roll back after taking their numbers: those numbers must come back.
          await emit(tx, changed(i), changed(1000 + i));
          if (i % 5 === 0) throw new Error('rolled back');
        }).catch(() => undefined),
      ),
    );
    const expected = 32 * 2;
    await expect.poll(() => [a.heard.length, b.heard.length], { timeout: 10_000 }).toEqual([expected, expected]);
    expect(a.heard.map((entry) => entry.seq)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
    expect(b.heard).toEqual(a.heard);
    // Each transaction's two events are neighbours: numbers follow commits, not interleaved writers.
    for (let i = 0; i < expected; i += 2) {
      const [first, second] = [a.heard[i].event, a.heard[i + 1].event];
      if (first.type !== 'territories.changed' || second.type !== 'territories.changed') throw new Error('unexpected event');
      expect(second.territoryIds[0]).toBe(first.territoryIds[0] + 1000);
    }
  });

  it('when another process commits, then NOTIFY wakes this one long before its poll', async () => {
    const listener = await processRelay(60_000);
    const writer = await openPostgres(database.url!, { max: 1 });
    pools.push(writer);
    const started = performance.now();
    await commitUnannounced(writer.sql, changed(5));
    await expect.poll(() => listener.heard.length, { timeout: 5000 }).toBe(1);
    console.log(`NOTIFY carried an event to another process in ${Math.round(performance.now() - started)} ms`);
  });
});
