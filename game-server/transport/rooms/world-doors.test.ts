import { matchMaker } from '@colyseus/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE_CODE, TOO_MANY_SOCKETS_CODE } from '../../../schema/rules/rejoin.ts';
import { createSession, SESSION_COOKIE } from '../../domain/auth/sessions.ts';
import type { Database } from '../../infra/db/database.ts';
import { checkInvariants } from '../../domain/economy/supply.ts';
import { testRedisUrl } from '../../testing/test-redis.ts';
import { DOOR_LIMITS } from '../../infra/limits/door-limits.ts';
import { freshAddress, TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { scratchDirectory, sharedProcessEnvironment, startGameProcess, type GameProcess } from '../../testing/game-processes.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/test-passwords.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';

// The world room's doors. Before: 800 client-made rooms from one address in 3.2 s, 2,000
// sockets from one address, and a socket that still chatted after its session logged out.
const postgres = postgresBackendIfReachable();
const redisUrl = await testRedisUrl();
// The caps of a real deployment are 200 players' and 20 visitors' sockets per address and 4 per
// session (limits/door-limits.ts); these smaller ones show the same refusals without opening
// hundreds of sockets on a shared machine.
const CAPS = { perAddress: 5, visitorsPerAddress: 3, perSession: 2 };

const leftWith = (world: WorldJoin) =>
  new Promise<{ code: number; at: number }>((resolve) => world.room.onLeave((code) => resolve({ code, at: performance.now() })));

describe.runIf(postgres)('one world room, joins and sockets capped, sockets end with their session', () => {
  let game: TestServer;
  let joined: WorldJoin[] = [];
  const join = async (headers: Parameters<typeof joinWorld>[1] = {}) => {
    const world = await joinWorld(game.server.url, { 'x-forwarded-for': freshAddress(), ...headers });
    joined.push(world);
    return world;
  };
  const matchmake = (method: string, address: string, cookie = '') =>
    fetch(`${game.server.url}/matchmake/${method}/world`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, cookie },
      body: '{}',
    });

  beforeAll(async () => {
    game = await startTestServer(postgres!, { socketCaps: CAPS });
  });
  afterAll(() => game?.stop());
  afterEach(async () => {
    await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
    joined = [];
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
  });

  it('when a client calls create on the world 50 times, then every call is refused and the process holds one room', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => matchmake('create', freshAddress())));
    await join();
    const rooms = await matchMaker.query({ name: 'world' });
    const statuses = answers.map((answer) => answer.status);
    console.log(`50 create calls: ${statuses.filter((status) => status === 403).length} × 403; world rooms: ${rooms.length}`);
    expect(statuses.every((status) => status === 403)).toBe(true);
    expect(await answers[0].json()).toEqual({ message: 'Rooms are made by the server: join the world instead' });
    expect(rooms).toHaveLength(1);
  });

  it('when one address asks matchmaking 130 times in a minute, then 120 are answered and the rest 429, while another address still joins', async () => {
    const address = freshAddress();
    // A player's joins: a visitor's have a smaller budget of their own (world-viewers.test.ts).
    const player = await signedInPlayer(game, { username: 'joins-a-lot' });
    const answers = [];
    for (let i = 0; i < 130; i++) answers.push(await matchmake('joinOrCreate', address, player.agent.cookieHeader));
    const refused = answers.filter((answer) => answer.status === 429);
    const other = await join();
    console.log(
      `130 joins from one address: ${answers.length - refused.length} answered, ${refused.length} × 429 (Retry-After ${refused[0]?.headers.get('retry-after')} s)`,
    );
    expect(answers.length - refused.length).toBe(DOOR_LIMITS.matchmake.points);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused[0].json()).toEqual({
      message: expect.stringMatching(/^Too many joins from your address\. Try again in \d+ seconds\.$/),
    });
    expect(other.room.connection.isOpen).toBe(true);
  });

  it('when one address opens visitor sockets past its cap, then those past it are refused with 4429 and a message, and another address still joins', async () => {
    const address = freshAddress();
    const tries = await Promise.allSettled(Array.from({ length: CAPS.visitorsPerAddress + 3 }, () => join({ 'x-forwarded-for': address })));
    const refusals = tries
      .filter((attempt) => attempt.status === 'rejected')
      .map((attempt) => (attempt as PromiseRejectedResult).reason as { code: number; message: string });
    const other = await join();
    console.log(
      `${tries.length} visitor sockets from one address (cap ${CAPS.visitorsPerAddress}): ${tries.length - refusals.length} open, ${refusals.length} refused: ${refusals[0]?.code} "${refusals[0]?.message}"`,
    );
    expect(tries.length - refusals.length).toBe(CAPS.visitorsPerAddress);
    expect(refusals[0]).toMatchObject({
      code: TOO_MANY_SOCKETS_CODE,
      message: `Too many connections without an account from your address (at most ${CAPS.visitorsPerAddress}): log in, or close another tab and try again`,
    });
    expect(other.room.connection.isOpen).toBe(true);
  });

  it('when one session opens sockets past its cap from anywhere, then those past it are refused', async () => {
    const player = await signedInPlayer(game, { username: 'many-tabs' });
    const tries = await Promise.allSettled(Array.from({ length: CAPS.perSession + 2 }, () => join({ cookie: player.agent.cookieHeader })));
    const refused = tries.filter((attempt) => attempt.status === 'rejected');
    console.log(`${tries.length} sockets of one session from different addresses (cap ${CAPS.perSession}): ${refused.length} refused`);
    expect(tries.length - refused.length).toBe(CAPS.perSession);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      code: TOO_MANY_SOCKETS_CODE,
      message: expect.stringContaining('for your session'),
    });
  });

  it('when a player logs out over REST, then its socket is closed with 4401 within a second and its chat refused; another session of it stays', async () => {
    const player = await signedInPlayer(game, { username: 'leaves-soon' });
    const otherDevice = await join({ cookie: `${SESSION_COOKIE}=${await createSession(game.database.sql, player.id, new Date())}` });
    const world = await join({ cookie: player.agent.cookieHeader });
    await waitFor(() => world.room.state.territories?.size > 0, 'the world');
    const left = leftWith(world);
    const loggedOutAt = performance.now();
    expect((await player.agent.post('/api/auth/logout')).status).toBe(204);
    world.room.send('chat.send', { type: 'chat.send', territoryId: 1, message: 'after logout' });
    const { code, at } = await left;
    const [posted] = await game.database.sql<{ n: number }[]>`select count(*)::int as n from chat_messages where message = 'after logout'`;
    console.log(`logout → socket closed with ${code} after ${Math.round(at - loggedOutAt)} ms; chat stored after logout: ${posted.n}`);
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(at - loggedOutAt).toBeLessThan(1000);
    expect(posted.n).toBe(0);
    expect(otherDevice.room.connection.isOpen).toBe(true);
  });

  it('when a session runs out while its socket is open, then the socket is closed with 4401 at its end', async () => {
    const player = await signedInPlayer(game, { username: 'runs-out' });
    await game.database.sql`update sessions set expires_at = now() + interval '1 second' where user_id = ${player.id}`;
    const world = await join({ cookie: player.agent.cookieHeader });
    const { code } = await leftWith(world);
    const [session] = await game.database.sql<{ expires_at: Date }[]>`select expires_at from sessions where user_id = ${player.id}`;
    const lateMs = Date.now() - session.expires_at.getTime();
    console.log(`session expiry → socket closed with ${code}, ${lateMs} ms after the session's end`);
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(lateMs).toBeLessThan(1000);
  });

  it('when the Wanakt mutes a player, then its open socket may no longer post chat', async () => {
    const player = await signedInPlayer(game, { username: 'to-be-muted' });
    const world = await join({ cookie: player.agent.cookieHeader });
    await waitFor(() => world.room.state.territories?.size > 0, 'the world');
    const wanakt = await game.wanakt();
    expect((await wanakt.post('/api/admin/mutes', { userId: player.id, minutes: 60, reason: 'test' })).status).toBe(201);
    world.room.send('chat.send', { type: 'chat.send', territoryId: 1, message: 'while muted' });
    const refusal = await waitFor(() => world.messages.find((message) => message.type === 'refused'), 'the refusal');
    console.log(`muted player's room chat: refused "${refusal.payload.message}"`);
    expect(refusal.payload.type).toBe('chat.send');
  });
});

describe.runIf(postgres && redisUrl)('a logout in one process closes the socket held by another', () => {
  let running: GameProcess[] = [];
  let database: Database;
  let scratch: Awaited<ReturnType<typeof scratchDirectory>>;
  let world: WorldJoin | undefined;

  beforeAll(async () => {
    database = await postgres!.open();
    scratch = await scratchDirectory();
    const env = sharedProcessEnvironment(database.url!, redisUrl!);
    running = await Promise.all([startGameProcess(env, scratch.path), startGameProcess(env, scratch.path)]);
  });
  afterAll(async () => {
    if (world?.room.connection?.isOpen) await world.room.leave();
    await Promise.all(running.map((process) => process.stop()));
    await database?.close();
    await scratch?.remove();
  });

  it('when the player logs out through process A, then its socket on process B closes with 4401 within a second', async () => {
    const [a, b] = running.map((process) => process.url);
    const player = new TestAgent(a);
    expect((await player.post('/api/auth/login', { username: 'sample', password: TEST_DEMO_PASSWORD })).status).toBe(200);
    world = await joinWorld(b, { cookie: player.cookieHeader, 'x-forwarded-for': player.address });
    await waitFor(() => world!.room.state.territories?.size > 0, 'the world on B');
    const left = leftWith(world);
    const loggedOutAt = performance.now();
    expect((await player.post('/api/auth/logout')).status).toBe(204);
    const { code, at } = await left;
    console.log(`logout on A → socket on B closed with ${code} after ${Math.round(at - loggedOutAt)} ms`);
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(at - loggedOutAt).toBeLessThan(1000);
    expect(await checkInvariants(database.sql).then((report) => report.problems)).toEqual([]);
  });
});
