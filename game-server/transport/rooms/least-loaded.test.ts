import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db/database.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { scratchDirectory, sharedProcessEnvironment, startGameProcess, type GameProcess } from '../../testing/game-processes.ts';
import { freePort, PrivateRedis } from '../../testing/private-redis.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';

// Where a new join lands: three `node game-server/main.ts` on one PostgreSQL and a redis-server of
// this file's own, each announcing its own address (PUBLIC_ADDRESS), every join asked of the first
// one, as a balancer that keeps picking one process would.
const backend = postgresBackendIfReachable();

const countByRoom = (joins: readonly WorldJoin[]) => {
  const counts = new Map<string, number>();
  for (const { room } of joins) counts.set(room.roomId, (counts.get(room.roomId) ?? 0) + 1);
  return counts;
};

describe.runIf(backend)('new joins go to the least-loaded process', () => {
  let database: Database;
  let redis: PrivateRedis;
  let scratch: Awaited<ReturnType<typeof scratchDirectory>>;
  const processes: GameProcess[] = [];
  const joined: WorldJoin[] = [];
  // One environment for the three: it names one Redis database, where their room listings meet.
  let shared: Record<string, string>;

  const start = async () => {
    const port = await freePort();
    const started = await startGameProcess({ ...shared, PORT: String(port), PUBLIC_ADDRESS: `127.0.0.1:${port}` }, scratch.path);
    processes.push(started);
    return started;
  };
  // Each visitor from an address of its own: one address holds at most 20 visitors' sockets in the
  // whole cluster (docs/design.md "Live state"), and this test is about processes, not addresses.
  const join = async (url: string) => {
    const world = await joinWorld(url, { 'x-forwarded-for': `198.51.100.${joined.length + 1}` });
    joined.push(world);
    return world;
  };

  beforeAll(async () => {
    database = await backend!.open();
    redis = await PrivateRedis.start();
    scratch = await scratchDirectory();
    shared = sharedProcessEnvironment(database.url!, redis.url);
  });

  afterAll(async () => {
    await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave().catch(() => undefined)));
    await Promise.all(processes.map((process) => process.stop()));
    await redis?.stop();
    await database?.close();
    await scratch?.remove();
  });

  it('when one process holds 20 clients, two others 1 each, and 10 more joins are asked of the first, then they land on the other two; a dropped client reconnects to its own room; a killed process gets none', async () => {
    const first = await start();
    const crowd: WorldJoin[] = [];
    for (let i = 0; i < 20; i++) crowd.push(await join(first.url));
    const [firstRoom] = [...countByRoom(crowd).keys()];
    expect(countByRoom(crowd).get(firstRoom)).toBe(20);

    // Two more processes, each with a client the balancer sent it (which makes its world room there).
    for (const process of [await start(), await start()]) await join(process.url);
    const newcomers: WorldJoin[] = [];
    for (let i = 0; i < 10; i++) newcomers.push(await join(first.url));
    const placed = countByRoom(newcomers);
    console.log(
      `10 joins asked of the process holding 20: ${JSON.stringify([...placed.values()])} in ${placed.size} rooms, ${placed.get(firstRoom) ?? 0} on the crowded one`,
    );
    expect(placed.has(firstRoom)).toBe(false);
    expect([...placed.values()].sort()).toEqual([5, 5]);
    // Each is served by the process it was placed on: the world arrives over that socket.
    await Promise.all(
      newcomers.map(({ room }) => waitFor(() => room.state.territories?.size > 0, 'the world on the placed process', 20_000)),
    );

    // A reconnection goes back to its room, whichever process is asked.
    const dropped = newcomers[0].room;
    const { roomId, sessionId, reconnectionToken } = dropped;
    dropped.reconnection.enabled = false;
    dropped.connection.close();
    // The wait lets the drop reach its process before the token is offered back; no message tells another client that.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const back = await new Client(first.url).reconnect(reconnectionToken);
    joined.push({ client: newcomers[0].client, room: back, messages: [] });
    expect({ roomId: back.roomId, sessionId: back.sessionId }).toEqual({ roomId, sessionId });

    // A process killed outright keeps its room listing in Redis until a health check sweeps it;
    // joins asked meanwhile go to the live processes at once.
    const victim = processes.find((process) => process !== first && socketPort(newcomers[1].room) === new URL(process.url).port)!;
    const survivorRoom = [...placed.keys()].find((id) => id !== newcomers[1].room.roomId)!;
    await victim.kill9();
    const afterKill: number[] = [];
    for (let i = 0; i < 3; i++) {
      const began = Date.now();
      const world = await join(first.url);
      afterKill.push(Date.now() - began);
      expect(world.room.roomId).toBe(survivorRoom);
    }
    console.log(`joins right after a kill -9 of a process holding 6: ${afterKill.join(', ')} ms, all on the live one holding 6`);
    expect(Math.max(...afterKill)).toBeLessThan(1500);
  });
});

/** The port this room's socket is connected to: the process it was placed on. */
function socketPort(room: WorldJoin['room']): string {
  const transport = room.connection.transport as unknown as { ws: { url: string } };
  return new URL(transport.ws.url).port;
}
