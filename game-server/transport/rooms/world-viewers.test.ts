import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_SOCKETS_CODE, VIEW_FLOOD_CLOSE_CODE } from '../../../schema/rules/rejoin.ts';
import { bannerSlotOf } from '../../domain/ads/banner-rotation.ts';
import { createSession, SESSION_COOKIE } from '../../domain/auth/sessions.ts';
import { checkInvariants } from '../../domain/economy/supply.ts';
import type { Database, Sql } from '../../infra/db/database.ts';
import { DOOR_LIMITS } from '../../infra/limits/door-limits.ts';
import { viewChanges } from '../../infra/observability/metrics.ts';
import { runBannerRotation } from '../../jobs/banner-jobs.ts';
import { freshAddress } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { scratchDirectory, sharedProcessEnvironment, startGameProcess, type GameProcess } from '../../testing/game-processes.ts';
import { createPlayer } from '../../testing/players.ts';
import { testRedisUrl } from '../../testing/test-redis.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';
import { VIEW_FLOOD_MESSAGE } from './world-room.ts';

// docs/rules.md §9 "Advertising" and docs/design.md "Live state": an impression is a viewer (a
// player, or a visitor's address, an IPv6 /64), counted once per ad and slot across processes;
// sockets per address are capped across processes, visitors far lower than players; a client's
// view changes are paced and a flood is closed with its own code. Before: 120 visitor sockets
// from one address counted 240 impressions in 70 s and delivered a 100-impression ad.
const postgres = postgresBackendIfReachable();
const redisUrl = await testRedisUrl();
// Small caps show the refusals without hundreds of sockets on a shared machine; the deployment's
// are 200 players' and 20 visitors' sockets per address (limits/door-limits.ts).
const CAPS = { perAddress: 6, visitorsPerAddress: 3, perSession: 4 };
const NEW_YORK = { minLongitude: -74.3, minLatitude: 40.5, maxLongitude: -73.7, maxLatitude: 40.9 };
const LONDON = { minLongitude: -0.5, minLatitude: 51.3, maxLongitude: 0.3, maxLatitude: 51.7 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An ad shown everywhere, rotated in for a slot far ahead of the cron's (banner-rotation.ts keeps it). */
async function rotateInAd(sql: Sql, wanted: number): Promise<{ adId: number; slot: number }> {
  const [ad] = await sql<{ id: number }[]>`
    insert into ads (title, content, click_url, impressions_wanted, cost_drk, status)
    values ('Counted Once Per Viewer', 'One impression a viewer a slot.', 'https://viewer.example', ${wanted}, 0, 'active')
    returning id`;
  await sql`update ads set status = 'completed' where status = 'active' and id <> ${ad.id}`;
  const [latest] = await sql<{ slot: string }[]>`select coalesce(max(slot), 0)::text as slot from banner_slots`;
  const slot = Math.max(bannerSlotOf(new Date(), 30), Number(latest.slot)) + 1000;
  const rotation = await runBannerRotation({ sql, clock: () => new Date() }, slot);
  expect(rotation.ad?.id).toBe(ad.id);
  return { adId: ad.id, slot };
}

const impressionsOf = (sql: Sql, adId: number) =>
  sql<{ viewer: string; slot: string }[]>`select viewer, slot::text from ad_impressions where ad_id = ${adId} order by viewer`;
const deliveredOf = async (sql: Sql, adId: number) =>
  (await sql<{ n: number }[]>`select impressions_delivered as n from ads where id = ${adId}`)[0].n;
const shownAd = (world: WorldJoin, adId: number) =>
  world.messages.some((message) => message.type === 'banner' && (message.payload as { ad: { id: number } | null }).ad?.id === adId);

/** Tries `count` joins at once; answers the rooms that got in and the refusals. */
async function joinMany(url: string, count: number, headers: () => Parameters<typeof joinWorld>[1]) {
  const tries = await Promise.allSettled(Array.from({ length: count }, () => joinWorld(url, headers())));
  const open = tries.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
  const refused = tries.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as { code: number; message: string }] : []));
  return { open, refused };
}

const counted = async (outcome: string) => (await viewChanges.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;

describe.runIf(postgres)('[§9 impressions] an impression is a viewer, sockets are capped per address, looking is paced', () => {
  let game: TestServer;
  let sql: Sql;
  let joined: WorldJoin[] = [];
  const keep = (worlds: WorldJoin[]) => (joined.push(...worlds), worlds);

  beforeAll(async () => {
    game = await startTestServer(postgres!, { socketCaps: CAPS });
    sql = game.database.sql;
  });
  afterAll(() => game?.stop());
  afterEach(async () => {
    await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
    joined = [];
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });

  it('when 120 visitor sockets from one address ask to join, then a few are seated, the rest refused, and the ad counts one impression', async () => {
    const address = freshAddress();
    const { adId, slot } = await rotateInAd(sql, 100);
    const { open, refused } = await joinMany(game.server.url, 120, () => ({ 'x-forwarded-for': address }));
    keep(open);
    const byCode = new Map<number, number>();
    for (const refusal of refused) byCode.set(refusal.code, (byCode.get(refusal.code) ?? 0) + 1);
    console.log(
      `120 visitor joins from one address: ${open.length} seated, refused ${[...byCode].map(([code, n]) => `${n} × ${code}`).join(', ')}`,
    );
    expect(open).toHaveLength(CAPS.visitorsPerAddress);
    expect(refused).toContainEqual(
      expect.objectContaining({
        code: TOO_MANY_SOCKETS_CODE,
        message: `Too many connections without an account from your address (at most ${CAPS.visitorsPerAddress}): log in, or close another tab and try again`,
      }),
    );
    // Past the visitors' join budget the matchmaking answers 429 before any seat is looked at.
    expect(refused.filter((refusal) => refusal.code === 429)).toHaveLength(120 - DOOR_LIMITS.visitorJoin.points);
    await waitFor(() => open.every((world) => shownAd(world, adId)), 'every seated socket to be shown the ad');
    await waitFor(async () => (await deliveredOf(sql, adId)) === 1, 'the impression to be written', 15_000);
    // The wait is the rule under test: a later run of the impressions job (every 5 s) adds nothing.
    await pause(6000);
    expect(await impressionsOf(sql, adId)).toEqual([{ viewer: `address:${address}`, slot: String(slot) }]);
    expect(await deliveredOf(sql, adId)).toBe(1);
  }, 60_000);

  it('when a player holds sockets from three addresses, then its impression counts once, and players from one address may hold more sockets than visitors', async () => {
    const playerId = await createPlayer(sql, { username: 'many-sockets' });
    const sessions = await Promise.all([0, 1, 2].map(() => createSession(sql, playerId, new Date())));
    const { adId } = await rotateInAd(sql, 100);
    const sockets = keep(
      await Promise.all(
        sessions.map((session) =>
          joinWorld(game.server.url, { cookie: `${SESSION_COOKIE}=${session}`, 'x-forwarded-for': freshAddress() }),
        ),
      ),
    );
    await waitFor(() => sockets.every((world) => shownAd(world, adId)), 'the player to be shown the ad');
    await waitFor(async () => (await deliveredOf(sql, adId)) === 1, 'the impression to be written', 15_000);
    // The wait is the rule under test: a later run of the impressions job (every 5 s) adds nothing.
    await pause(6000);
    expect((await impressionsOf(sql, adId)).map((row) => row.viewer)).toEqual([`player:${playerId}`]);

    // One shared address: visitors stop at their cap, players (each its own session) go on to theirs.
    const shared = freshAddress();
    const visitors = await joinMany(game.server.url, CAPS.visitorsPerAddress + 2, () => ({ 'x-forwarded-for': shared }));
    keep(visitors.open);
    const players = await Promise.all(
      Array.from({ length: CAPS.perAddress + 2 }, async (_, i) => {
        const id = await createPlayer(sql, { username: `behind-nat-${i}` });
        return `${SESSION_COOKIE}=${await createSession(sql, id, new Date())}`;
      }),
    );
    const seatedPlayers = await joinMany(game.server.url, players.length, () => ({ cookie: players.pop(), 'x-forwarded-for': shared }));
    keep(seatedPlayers.open);
    console.log(
      `one address: ${visitors.open.length} of ${CAPS.visitorsPerAddress + 2} visitor sockets, ${seatedPlayers.open.length} of ${CAPS.perAddress + 2} player sockets`,
    );
    expect(visitors.open).toHaveLength(CAPS.visitorsPerAddress);
    expect(seatedPlayers.open).toHaveLength(CAPS.perAddress);
    expect(seatedPlayers.refused[0]).toMatchObject({
      code: TOO_MANY_SOCKETS_CODE,
      message: `Too many connections from your address (at most ${CAPS.perAddress}): close another tab and try again`,
    });
    // A visitor's seat comes back when its socket leaves.
    await visitors.open[0].room.leave();
    keep([await joinWorld(game.server.url, { 'x-forwarded-for': shared })]);
  }, 60_000);

  it('when visitors come from one IPv6 /64, then they share one cap and one impression; another /64 is another viewer', async () => {
    const { adId } = await rotateInAd(sql, 100);
    const inOne = ['2001:db8:5:64::1', '2001:db8:5:64:ffff::9', '2001:db8:5:64:1234:5678:9abc:def0', '2001:db8:5:64::7'];
    const one = await joinMany(game.server.url, inOne.length, () => ({ 'x-forwarded-for': inOne.pop() }));
    const other = keep([await joinWorld(game.server.url, { 'x-forwarded-for': '2001:db8:5:65::1' })]);
    keep(one.open);
    expect(one.open).toHaveLength(CAPS.visitorsPerAddress);
    expect(one.refused[0]).toMatchObject({ code: TOO_MANY_SOCKETS_CODE });
    await waitFor(() => [...one.open, ...other].every((world) => shownAd(world, adId)), 'the ad');
    await waitFor(async () => (await deliveredOf(sql, adId)) === 2, 'two impressions to be written', 15_000);
    // The wait is the rule under test: a later run of the impressions job (every 5 s) adds nothing.
    await pause(6000);
    expect((await impressionsOf(sql, adId)).map((row) => row.viewer)).toEqual(['address:2001:db8:5:64::/64', 'address:2001:db8:5:65::/64']);
  }, 60_000);

  it('when a client flips its view between New York and London 16 times a second, then at most about 2 a second are applied and the socket is closed with 4430', async () => {
    const [world] = keep([await joinWorld(game.server.url, { 'x-forwarded-for': freshAddress() })]);
    await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
    const closed = new Promise<{ code: number; at: number }>((resolve) =>
      world.room.onLeave((code) => resolve({ code, at: performance.now() })),
    );
    const [appliedBefore, droppedBefore] = [await counted('applied'), await counted('dropped')];
    const started = performance.now();
    let sent = 0;
    const flood = setInterval(() => {
      if (!world.room.connection.isOpen) return clearInterval(flood);
      world.room.send('view.box', { type: 'view.box', box: sent++ % 2 === 0 ? NEW_YORK : LONDON, zoom: 32 });
    }, 1000 / 16);
    const { code, at } = await closed;
    clearInterval(flood);
    const seconds = (at - started) / 1000;
    const applied = (await counted('applied')) - appliedBefore;
    const dropped = (await counted('dropped')) - droppedBefore;
    console.log(`${sent} view changes in ${seconds.toFixed(1)} s: ${applied} applied, ${dropped} dropped, closed with ${code}`);
    expect(code).toBe(VIEW_FLOOD_CLOSE_CODE);
    expect(sent).toBeGreaterThan(40);
    expect(applied).toBeGreaterThan(0);
    // 2 a second, plus the first one at once.
    expect(applied).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 1);
    expect(dropped).toBeGreaterThan(0);
    expect(VIEW_FLOOD_MESSAGE).toContain('Too many map moves');
  }, 30_000);
});

describe.runIf(postgres && redisUrl)(
  '[§9 impressions] two processes sharing a database and Redis count a viewer once and share the caps',
  () => {
    let running: GameProcess[] = [];
    let database: Database;
    let scratch: Awaited<ReturnType<typeof scratchDirectory>>;
    let joined: WorldJoin[] = [];

    beforeAll(async () => {
      database = await postgres!.open();
      scratch = await scratchDirectory();
      const env = sharedProcessEnvironment(database.url!, redisUrl!);
      running = await Promise.all([startGameProcess(env, scratch.path), startGameProcess(env, scratch.path)]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
      await Promise.all(running.map((process) => process.stop()));
      await database?.close();
      await scratch?.remove();
    });

    it('when visitors of one address join both processes, then 20 sockets are seated in all, and the ad counts one impression', async () => {
      const [a, b] = running.map((process) => process.url);
      const address = freshAddress();
      const { adId, slot } = await rotateInAd(database.sql, 100);
      const onA = await joinMany(a, 11, () => ({ 'x-forwarded-for': address }));
      const onB = await joinMany(b, 11, () => ({ 'x-forwarded-for': address }));
      joined.push(...onA.open, ...onB.open);
      console.log(`one address over two processes: ${onA.open.length} seated on A, ${onB.open.length} on B`);
      expect(onA.open.length + onB.open.length).toBe(20);
      expect([...onA.refused, ...onB.refused].every((refusal) => refusal.code === TOO_MANY_SOCKETS_CODE)).toBe(true);
      expect(onB.open.length).toBeGreaterThan(0);
      await waitFor(() => [...onA.open, ...onB.open].every((world) => shownAd(world, adId)), 'every socket to be shown the ad', 15_000);
      await waitFor(async () => (await deliveredOf(database.sql, adId)) === 1, 'the impression to be written', 15_000);
      // The wait is the rule under test: a later run of the impressions job (every 5 s) adds nothing.
      await pause(6000);
      expect(await impressionsOf(database.sql, adId)).toEqual([{ viewer: `address:${address}`, slot: String(slot) }]);
      expect(await deliveredOf(database.sql, adId)).toBe(1);
      expect((await checkInvariants(database.sql)).problems).toEqual([]);
    }, 90_000);
  },
);
