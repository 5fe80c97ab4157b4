import { matchMaker } from '@colyseus/core';
import { Protocol } from '@colyseus/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coordinatesOf } from '../../../schema/rules/territory.ts';
import { isAlwaysShown, MAX_VIEW_MARKERS, type BoundingBox } from '../../../schema/rules/viewport.ts';
import type { TerritoryTier } from '../../../schema/constants.ts';
import type { WorldState } from '../../../schema/state/world-state.ts';
import type { Sql } from '../../infra/db/database.ts';
import { emit } from '../../infra/events/outbox.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { busyBox } from '../../testing/busy-box.ts';
import { padWorld } from '../../testing/pad-world.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { framesOf, joinedWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';
import { VIEW_SLICE_MARKERS } from './view-pacer.ts';

// Interest management in the world room: a client's view holds what its map looks at, its player's
// territories and the one it watches; a change anywhere else is not sent to it at all.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Open sea, with no territory in it. */
const OCEAN: BoundingBox = { minLongitude: -150, minLatitude: -60, maxLongitude: -149, maxLatitude: -59 };
const around = ({ latitude, longitude }: { latitude: number; longitude: number }): BoundingBox => ({
  minLongitude: longitude - 0.0005,
  minLatitude: latitude - 0.0005,
  maxLongitude: longitude + 0.0005,
  maxLatitude: latitude + 0.0005,
});

/** The bytes of the state patches a client received (messages such as the banner aside). */
const patchBytes = (world: WorldJoin) =>
  framesOf(world.room)
    .filter((frame) => frame[0] === Protocol.ROOM_STATE_PATCH)
    .reduce((sum, frame) => sum + frame.length, 0);

for (const backend of testBackends()) {
  describe(`each client's view of the world room on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let joined: WorldJoin[] = [];

    const join = async (agent?: TestAgent) => {
      joined.push(await joinedWorld(game.server.url, { cookie: agent?.cookieHeader }));
      return joined.at(-1)!;
    };
    const territoryOf = (world: WorldJoin, id: number) => world.room.state.territories.get(String(id));
    const look = (world: WorldJoin, box: BoundingBox, zoom = 40) => world.room.send('view.box', { box, zoom });
    /** Changes territories in the database with their event, as a command would. */
    const change = (ids: number[], update: (tx: Sql, id: number) => Promise<unknown>) =>
      sql.begin(async (tx) => {
        for (const id of ids) await update(tx as unknown as Sql, id);
        await emit(tx, { type: 'territories.changed', territoryIds: ids });
      });
    /** Territories alone at their spot (no other within the box around them), unowned. */
    const loneTerritories = async (count: number) =>
      sql<{ id: number; latitude: number; longitude: number }[]>`
        select t.id, t.latitude::float8 as latitude, t.longitude::float8 as longitude from territories t
         where t.owner_id is null and t.type in ('common', 'village', 'town')
           and not exists (select 1 from territories o where o.id <> t.id
                             and abs(o.latitude - t.latitude) < 0.001 and abs(o.longitude - t.longitude) < 0.001)
         order by t.id limit ${count}`;

    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
      const [{ n }] = await sql<{ n: number }[]>`
        select count(*)::int as n from territories
         where latitude between ${OCEAN.minLatitude} and ${OCEAN.maxLatitude} and longitude between ${OCEAN.minLongitude} and ${OCEAN.maxLongitude}`;
      expect(n).toBe(0);
    });
    afterAll(() => game.stop());
    afterEach(async () => {
      await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
      joined = [];
    });

    it('when a territory leaves a client’s viewport, then its changes cost that client 0 bytes; when it enters again, then the client sees it as it is now', async () => {
      const [lone] = await loneTerritories(1);
      const viewer = await join();
      const other = await join();
      expect(territoryOf(viewer, lone.id)).toBeDefined();

      look(viewer, OCEAN);
      await waitFor(() => !territoryOf(viewer, lone.id), 'the territory out of the view');
      expect(viewer.room.state.territories.size).toBe(0);
      await waitFor(() => viewer.room.state.online === 2, 'the online count');
      // The wait lets patches already sent arrive, so the count below starts after them.
      await pause(150);
      const before = patchBytes(viewer);

      await change([lone.id], (tx) => tx`update territories set owner_id = 'sample-user', sale_price = null where id = ${lone.id}`);
      await waitFor(() => territoryOf(other, lone.id)?.ownerId === 'sample-user', 'the change at the home view');
      // The wait is the rule under test: a change outside its view sends this viewer nothing, however late.
      await pause(200);
      expect(patchBytes(viewer) - before).toBe(0);

      look(viewer, around(lone));
      await waitFor(() => territoryOf(viewer, lone.id)?.ownerId === 'sample-user', 'the territory back in the view, changed');
      expect([...viewer.room.state.territories.keys()]).toEqual([String(lone.id)]);

      const visits = territoryOf(viewer, lone.id)!.visits;
      await change([lone.id], (tx) => tx`update territories set visits = visits + 5 where id = ${lone.id}`);
      await waitFor(() => territoryOf(viewer, lone.id)?.visits === visits + 5, 'the next change');
    });

    it('when a player looks elsewhere, then its own territories and the one it watches stay in its view and keep changing', async () => {
      const [owned, watched, elsewhere] = await loneTerritories(3);
      const player = await signedInPlayer(game, { username: 'view-owner' });
      await sql`update territories set owner_id = ${player.id} where id = ${owned.id}`;
      const world = await join(player.agent);
      look(world, OCEAN);
      world.room.send('chat.watch', { territoryId: watched.id });
      await waitFor(() => territoryOf(world, elsewhere.id) === undefined, 'the home view gone');
      await waitFor(() => territoryOf(world, watched.id), 'the watched territory');
      expect([...world.room.state.territories.keys()].sort()).toEqual([String(owned.id), String(watched.id)].sort());

      await change([owned.id, watched.id], (tx, id) => tx`update territories set sale_price = 777 where id = ${id}`);
      await waitFor(() => territoryOf(world, owned.id)?.price === 777 && territoryOf(world, watched.id)?.price === 777, 'their changes');

      // A territory the player buys far from where it looks joins its view; the one it stops watching leaves.
      await change(
        [elsewhere.id],
        (tx) => tx`update territories set owner_id = ${player.id}, sale_price = null where id = ${elsewhere.id}`,
      );
      await waitFor(() => territoryOf(world, elsewhere.id)?.ownerId === player.id, 'the new territory of its own');
      world.room.send('chat.watch', { territoryId: null });
      await waitFor(() => territoryOf(world, watched.id) === undefined, 'the watched territory let go');
      expect(territoryOf(world, owned.id)).toBeDefined();
    });

    it('when the Wanakt drags a pin, then those looking at it see it move and those looking elsewhere receive nothing', async () => {
      const [pinned] = await loneTerritories(1);
      const dropped = coordinatesOf(250, 150);
      const wanakt = await join(await game.wanakt());
      const near = await join();
      const far = await join();
      // A box over the pin and the places it is dragged to.
      const path = [pinned, dropped, { latitude: 0, longitude: 0 }];
      look(near, {
        minLongitude: Math.min(...path.map((at) => at.longitude)) - 0.01,
        minLatitude: Math.min(...path.map((at) => at.latitude)) - 0.01,
        maxLongitude: Math.max(...path.map((at) => at.longitude)) + 0.01,
        maxLatitude: Math.max(...path.map((at) => at.latitude)) + 0.01,
      });
      look(far, OCEAN);
      await waitFor(() => territoryOf(near, pinned.id) && far.room.state.territories.size === 0, 'the two views');
      await waitFor(() => far.room.state.online === 3, 'the online count');
      // The wait lets patches already sent arrive, so the count below starts after them.
      await pause(150);
      const before = patchBytes(far);

      wanakt.room.send('pin.drag', { territoryId: pinned.id, x: 500, y: 300 });
      await waitFor(() => territoryOf(near, pinned.id)?.latitude === 0 && territoryOf(near, pinned.id)?.longitude === 0, 'the pin moving');
      wanakt.room.send('pin.drop', { territoryId: pinned.id, x: 250, y: 150 });
      await waitFor(() => territoryOf(near, pinned.id)?.latitude === dropped.latitude, 'the dropped pin');
      // The wait is the rule under test: a pin moving outside its view sends this viewer nothing, however late.
      await pause(200);
      expect(patchBytes(far) - before).toBe(0);

      // Dropped into the box another client looks at, the pin enters its view.
      look(far, around(dropped));
      await waitFor(() => territoryOf(far, pinned.id), 'the pin where it was dropped');
    });

    it('when a view message is malformed, then it is refused and the view stays', async () => {
      const world = await join();
      const size = world.room.state.territories.size;
      world.room.send('view.box', { box: { ...OCEAN, minLatitude: 10, maxLatitude: -10 }, zoom: 4 });
      world.room.send('view.box', { box: OCEAN, zoom: 0 });
      world.room.send('view.box', { box: { ...OCEAN, minLongitude: -200 }, zoom: 4 });
      await waitFor(() => world.messages.filter((m) => m.type === 'refused').length === 3, 'three refusals');
      expect(world.messages.filter((m) => m.type === 'refused').map((m) => m.payload.message)).toEqual([
        'box must hold minLongitude <= maxLongitude and minLatitude <= maxLatitude',
        'zoom must be from 1 to 64',
        'minLongitude must be within ±180',
      ]);
      expect(world.room.state.territories.size).toBe(size);
    });
  });

  describe(`a world too large for one view, on ${backend.name}`, () => {
    const SIZE = MAX_VIEW_MARKERS + 1500;
    let game: TestServer;
    let sql: Sql;

    beforeAll(async () => {
      game = await startTestServer(backend, { prepare: (fresh) => padWorld(fresh, SIZE) });
      sql = game.database.sql;
    }, 120_000);
    afterAll(() => game.stop());

    it('when a visitor joins at the home view, then it and the room hold only the seat, main cities and wonders; a city close in brings its own markers', async () => {
      const [{ shown }] = await sql<
        { shown: number }[]
      >`select count(*)::int as shown from territories where type in ('wanakt', 'main', 'wonder')`;
      const visitor = await joinedWorld(game.server.url);
      const territories = () => [...visitor.room.state.territories.values()];
      expect(territories()).toHaveLength(shown);
      expect(territories().every((territory) => isAlwaysShown(territory.tier as TerritoryTier))).toBe(true);
      const room = matchMaker.getLocalRoomById(visitor.room.roomId)!;
      const held = () => (room.state as WorldState).territories.size;
      expect(held()).toBe(shown);

      const [city] = await sql<{ latitude: number; longitude: number }[]>`
        select latitude::float8 as latitude, longitude::float8 as longitude from territories where type = 'city' and seed_key is not null order by id limit 1`;
      const box = {
        minLongitude: city.longitude - 0.2,
        minLatitude: city.latitude - 0.2,
        maxLongitude: city.longitude + 0.2,
        maxLatitude: city.latitude + 0.2,
      };
      const [{ inBox }] = await sql<{ inBox: number }[]>`
        select count(*)::int as "inBox" from territories
         where latitude between ${box.minLatitude} and ${box.maxLatitude} and longitude between ${box.minLongitude} and ${box.maxLongitude}`;
      expect(inBox).toBeGreaterThan(1);
      expect(inBox).toBeLessThanOrEqual(MAX_VIEW_MARKERS);
      visitor.room.send('view.box', { box, zoom: 40 });
      await waitFor(() => territories().length === inBox, 'the markers of the box');
      // The room holds the home view and what this client looks at, nothing more.
      expect(held()).toBeLessThanOrEqual(shown + inBox);
      await visitor.room.leave();
      await waitFor(() => held() === shown, 'the box let go when its viewer left');
    });

    it('when a client looks at a box of many markers, then they arrive a slice per patch and its view ends holding exactly the box', async () => {
      const busy = await busyBox(sql, 48.85, 2.35);
      expect(busy.ids.length).toBeGreaterThan(2 * VIEW_SLICE_MARKERS);
      const visitor = await joinedWorld(game.server.url);
      const sizes = [visitor.room.state.territories.size];
      visitor.room.onStateChange(() => sizes.push(visitor.room.state.territories.size));
      const ids = () => [...visitor.room.state.territories.keys()].map(Number).sort((a, b) => a - b);

      visitor.room.send('view.box', { box: busy.box, zoom: 40 });
      await waitFor(() => ids().join() === busy.ids.join(), 'the markers of the box, and no other');
      const growth = sizes.slice(1).map((size, i) => size - sizes[i]);
      expect(Math.max(...growth)).toBeLessThanOrEqual(VIEW_SLICE_MARKERS);
      expect(growth.filter((grew) => grew > 0).length).toBeGreaterThan(1);
      await visitor.room.leave();
    });

    it('when a newer box comes while the markers of a busy box are still arriving, then the rest of the busy box never comes and the view ends holding the newer box alone', async () => {
      const busy = await busyBox(sql, 48.85, 2.35);
      const inBusy = new Set(busy.ids);
      const visitor = await joinedWorld(game.server.url);
      const home = new Set(visitor.room.state.territories.keys());
      let most = 0;
      const fromBusy = () => [...visitor.room.state.territories.keys()].filter((key) => inBusy.has(Number(key)) && !home.has(key)).length;
      visitor.room.onStateChange(() => (most = Math.max(most, fromBusy())));

      visitor.room.send('view.box', { box: busy.box, zoom: 40 });
      await waitFor(() => fromBusy() > 0, 'the first slice of the busy box');
      visitor.room.send('view.box', { box: OCEAN, zoom: 40 });
      await waitFor(() => visitor.room.state.territories.size === 0, 'the newer box, open sea, alone');
      expect(most).toBeLessThan(busy.ids.filter((id) => !home.has(String(id))).length);
      await visitor.room.leave();
    });
  });
}
