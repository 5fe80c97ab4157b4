import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorldState } from '../../../schema/state/world-state.ts';
import type { Database, Sql } from '../../infra/db/database.ts';
import type { DomainEventHandler } from '../../infra/events/domain-events.ts';
import { emit, outboxHead } from '../../infra/events/outbox.ts';
import { createLogger } from '../../infra/logger.ts';
import { testBackends } from '../../testing/databases.ts';
import { ReachTally } from '../../domain/social/reach-tally.ts';
import { PlayerFigures } from './player-figures.ts';
import { waitFor } from '../../testing/test-clients.ts';
import { WorldSync, type RoomSide } from './world-sync.ts';
import { LiveWorldIndex } from '../../domain/world/live-world-index.ts';

// The room's side of the outbox, driven by hand: deliveries in order, a number skipped, the relay's
// word that events were lost, and a database that fails in the middle.

/** The database as the room sees it, which a test can make fail: every query rejects while `down`. */
function breakable(sql: Sql): { sql: Sql; down: boolean } {
  const control = { down: false } as { sql: Sql; down: boolean };
  // postgres.js builds fragments (`sql\`where …\``) that are never awaited on their own: a refusal
  // is marked handled here, and still rejects the query that awaits it.
  const refuse = () => {
    const refusal = Promise.reject(new Error('connection terminated'));
    refusal.catch(() => undefined);
    return refusal;
  };
  control.sql = new Proxy(sql, {
    apply: (target, self, args) => (control.down ? refuse() : Reflect.apply(target, self, args)),
    get: (target, property, receiver) => {
      const value = Reflect.get(target, property, receiver);
      if (property === 'reserve' && typeof value === 'function')
        return (...args: unknown[]) => (control.down ? refuse() : value.apply(target, args));
      return value;
    },
  }) as Sql;
  return control;
}

for (const backend of testBackends()) {
  describe(`[convergence] a world room following the outbox on ${backend.name}`, () => {
    let database: Database;
    let sync: WorldSync;
    let state: InstanceType<typeof WorldState>;
    let flaky: ReturnType<typeof breakable>;
    let told: string[];
    let toIndex: DomainEventHandler = () => undefined;
    /** One delivery of the relay, to the world index and the room. */
    const deliver: DomainEventHandler = (event, number) => {
      toIndex(event, number);
      sync.deliver(event, number);
    };

    beforeEach(async () => {
      database = await backend.open();
      flaky = breakable(database.sql);
      state = new WorldState();
      told = [];
      const room: RoomSide = {
        viewers: () => 0,
        showBanner: () => undefined,
        sendChat: () => told.push('chat'),
        removeChat: () => told.push('chat removed'),
        sendActivity: (items) => told.push(...items.map((item) => `activity:${item.kind}`)),
        sendDetails: (id) => told.push(`details:${id}`),
        resynced: () => told.push('resynced'),
        hasPlayer: () => false,
        sendNotice: () => told.push('notice'),
        sendToPlayers: (_userIds, type) => told.push(type),
        patched: () => new Promise((resolve) => setImmediate(resolve)),
      };
      // The process's world index hears what the room hears, as both hear the relay.
      const world = new LiveWorldIndex(
        { subscribe: (handler) => ((toIndex = handler), () => undefined), close: async () => {} },
        flaky.sql,
      );
      const deps = { sql: flaky.sql, clock: () => new Date(), log: createLogger('error'), reach: new ReachTally(), world };
      sync = new WorldSync(state, deps, new PlayerFigures(flaky.sql), room);
      await sync.load();
    });
    afterEach(async () => {
      sync.stop();
      await database.close();
    });

    /** Changes a territory's owner in the database with its event, as a command would; answers the event's number. */
    const giveAway = async (territoryId: number, to: string): Promise<number> => {
      await database.sql.begin(async (tx) => {
        await tx`update territories set owner_id = ${to}, sale_price = null where id = ${territoryId}`;
        await emit(tx, { type: 'territories.changed', territoryIds: [territoryId] });
      });
      return outboxHead(database.sql);
    };
    const ownerShown = (territoryId: number) => state.territories.get(String(territoryId))?.ownerId;
    const someTerritories = async () =>
      (await database.sql<{ id: number }[]>`select id from territories where owner_id is null order by id limit 3`).map((row) => row.id);

    it('when events arrive in order, then each is applied, once, and an event already in the snapshot is skipped', async () => {
      const [first] = await someTerritories();
      const seq = await giveAway(first, 'sample-user');
      deliver({ type: 'territories.changed', territoryIds: [first] }, seq);
      await waitFor(() => ownerShown(first) === 'sample-user', 'the new owner');
      expect(told).toEqual(['activity:acquired']);
      deliver({ type: 'territories.changed', territoryIds: [first] }, seq);
      // The wait is the rule under test: an event already applied is skipped, so nothing follows it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(told).toEqual(['activity:acquired']);
      expect(sync.resyncs).toBe(0);
    });

    it('when a number is skipped, then the room reloads the whole world once and shows what the database holds', async () => {
      const [first, second] = await someTerritories();
      await giveAway(first, 'sample-user');
      const seq = await giveAway(second, 'wanakt-admin');
      // The delivery of the first change never came: the second one shows the hole.
      deliver({ type: 'territories.changed', territoryIds: [second] }, seq);
      await waitFor(() => sync.resyncs === 1, 'the reload');
      expect([ownerShown(first), ownerShown(second)]).toEqual(['sample-user', 'wanakt-admin']);
      expect(told).toEqual(['resynced']);
    });

    it('when the relay says events were pruned before it read them, then the room reloads the world', async () => {
      const [first] = await someTerritories();
      const seq = await giveAway(first, 'sample-user');
      deliver({ type: 'world.resync' }, seq);
      await waitFor(() => sync.resyncs === 1, 'the reload');
      expect(ownerShown(first)).toBe('sample-user');
    });

    it("when a territory settles before a reload and the world index has not heard of it yet, then the reload's home view still holds it", async () => {
      const settled = await database.sql.begin(async (tx) => {
        const [row] = await tx<{ id: number }[]>`
          insert into territories (name, type, parent_territory_id, latitude, longitude, monthly_revenue, price, population)
          select 'Late Village', 'village', id, latitude, longitude, 10, 100, 50 from territories where type = 'main' order by id limit 1
          returning id`;
        await emit(tx, { type: 'territories.changed', territoryIds: [row!.id] });
        return row!.id;
      });
      // Only the room hears the relay's word that events were lost; the index has heard nothing since it loaded.
      sync.deliver({ type: 'world.resync' }, await outboxHead(database.sql));
      await waitFor(() => sync.resyncs === 1, 'the reload', 10_000);
      expect(state.territories.get(String(settled))?.name).toBe('Late Village');
    });

    it('when the database fails while an event is applied, then the room retries the reload until the database answers again, then shows it', async () => {
      const [first, second] = await someTerritories();
      const seq = await giveAway(first, 'sample-user');
      flaky.down = true;
      deliver({ type: 'territories.changed', territoryIds: [first] }, seq);
      // The wait is the rule under test: while the database is down, the room shows nothing new.
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(ownerShown(first)).toBe('');
      // Meanwhile another change commits: the reload, when it succeeds, includes it.
      const later = await giveAway(second, 'wanakt-admin');
      deliver({ type: 'territories.changed', territoryIds: [second] }, later);
      flaky.down = false;
      await waitFor(() => sync.resyncs === 1, 'the reload after the outage', 10_000);
      expect([ownerShown(first), ownerShown(second)]).toEqual(['sample-user', 'wanakt-admin']);
    });
  });
}
