import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, createSession } from '../../domain/auth/sessions.ts';
import type { Database } from '../../infra/db/database.ts';
import { TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { scratchDirectory, startGameProcess, type GameProcess } from '../../testing/game-processes.ts';
import { createPlayer } from '../../testing/players.ts';
import { PrivateRedis } from '../../testing/private-redis.ts';
import { processPath, startRoundRobinProxy, type RoundRobinProxy } from '../../testing/round-robin-proxy.ts';
import { TEST_DEMO_PASSWORD, TEST_WANAKT_PASSWORD } from '../../testing/test-passwords.ts';
import { readPlayerFigures } from './player-figures.ts';
import { converged, joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';

// Every world room converges to what the database committed, whatever is lost on the way: a Redis
// that goes away under load, a process killed between a commit and its delivery, three processes
// taking commands at once. Real processes (`node game-server/main.ts`), a real PostgreSQL, a
// redis-server of the test's own, a round-robin proxy in front, and real SDK clients.

const postgres = postgresBackendIfReachable();
const redisServer = spawnSync('redis-server', ['--version']).status === 0;
const PLAYERS = 6;
// Enough for a few dozen purchases each, not for the whole world.
const PLAYER_BALANCE = 30_000;

interface Player {
  id: string;
  agent: TestAgent;
}

describe.runIf(postgres && redisServer)('[convergence] three game-server processes behind one round-robin address', () => {
  let database: Database;
  let redis: PrivateRedis;
  let proxy: RoundRobinProxy;
  let scratch: Awaited<ReturnType<typeof scratchDirectory>>;
  const processes: GameProcess[] = [];
  const joined: WorldJoin[] = [];
  let players: Player[] = [];
  let wanakt: TestAgent;

  const environment = (n: number) => ({
    PORT: '0',
    DATABASE_URL: database.url!,
    REDIS_URL: redis.url,
    PUBLIC_ADDRESS: `127.0.0.1:${proxy.port}/${processPath(n)}`,
    WANAKT_PASSWORD: TEST_WANAKT_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    BANNER_SECONDS: '60',
  });
  const restart = async (index: number) => {
    processes[index] = await startGameProcess(environment(index + 1), scratch.path);
    proxy.route(processes.map((process) => process.url));
  };

  /** Joins through the proxy until there is a client on every process; each holds its own room. */
  const clientOnEach = async (cookieOf: (index: number) => string | undefined): Promise<WorldJoin[]> => {
    const byRoom = new Map<string, WorldJoin>();
    for (let attempt = 0; byRoom.size < processes.length; attempt++) {
      if (attempt > 20) throw new Error('The proxy never spread the joins over every process');
      const world = await joinWorld(proxy.url, { cookie: cookieOf(byRoom.size) });
      joined.push(world);
      if (!byRoom.has(world.room.roomId)) byRoom.set(world.room.roomId, world);
    }
    const clients = [...byRoom.values()];
    await Promise.all(clients.map((world) => waitFor(() => world.room.state.territories?.size > 0, 'the first state', 20_000)));
    return clients;
  };

  const leaveAll = async () => {
    await Promise.all(joined.splice(0).map(({ room }) => room.connection?.isOpen && room.leave().catch(() => undefined)));
  };

  const forSale = async () =>
    database.sql<{ id: number; owner_id: string | null }[]>`select id, owner_id from territories where sale_price is not null order by id`;
  const ownedBy = async () =>
    database.sql<
      { id: number; owner_id: string }[]
    >`select id, owner_id from territories where owner_id = any(${players.map((p) => p.id)})`;
  /** At least `count` listings, the players' own put on sale through REST when too few are left. */
  const listings = async (count: number) => {
    const owned = await ownedBy();
    for (const row of owned.slice(0, Math.max(0, count - (await forSale()).length))) {
      const owner = players.find((player) => player.id === row.owner_id)!;
      expect((await owner.agent.request('PATCH', `/api/territories/${row.id}/listing`, { sale_price: 100 })).status).toBe(200);
    }
    return forSale();
  };

  beforeAll(async () => {
    database = await postgres!.open();
    [redis, proxy, scratch] = await Promise.all([PrivateRedis.start(), startRoundRobinProxy(), scratchDirectory()]);
    for (let n = 1; n <= 3; n++) processes.push(await startGameProcess(environment(n), scratch.path));
    proxy.route(processes.map((process) => process.url));
    players = [];
    for (let i = 0; i < PLAYERS; i++) {
      const id = await createPlayer(database.sql, { balance: PLAYER_BALANCE, username: `conv-${i}` });
      const agent = new TestAgent(proxy.url);
      agent.setCookie(SESSION_COOKIE, await createSession(database.sql, id, new Date()));
      players.push({ id, agent });
    }
    wanakt = new TestAgent(proxy.url);
    expect((await wanakt.post('/api/auth/login', { username: 'wanakt', password: TEST_WANAKT_PASSWORD })).status).toBe(200);
  }, 180_000);

  // A process that died says why: its last words go to the test's output.
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [index, process] of processes.entries())
      if (process.child.exitCode !== null || process.child.signalCode !== null)
        console.log(
          `Process ${index + 1} exited (${process.child.exitCode ?? process.child.signalCode}):\n${process.output().slice(-4000)}`,
        );
  });

  afterAll(async () => {
    await leaveAll();
    await Promise.all(processes.map((process) => process.stop()));
    await redis?.stop();
    await proxy?.stop();
    await database?.close();
    await scratch?.remove();
  });

  it('when 1,000 mixed commands arrive spread over the three processes, then a client on each ends with the database’s world, field by field, and its own figures', async () => {
    const clients = await clientOnEach((index) => players[index].agent.cookieHeader);
    const listed = await listings(50);
    const statuses = new Map<number, number>();
    let next = 0;
    const command = async (i: number) => {
      const player = players[i % PLAYERS];
      const pick = <T>(list: readonly T[]) => list[(i * 7919) % list.length];
      const mine = (await ownedBy()).filter((row) => row.owner_id === player.id);
      const territory = pick(listed).id;
      const own = mine.length > 0 ? pick(mine).id : territory;
      let answer;
      switch (i % 10) {
        case 0:
        case 1:
        case 2:
          answer = await player.agent.post(`/api/territories/${pick((await forSale()).concat(listed)).id}/purchase`, {});
          break;
        case 3:
          answer = await player.agent.request('PATCH', `/api/territories/${own}/listing`, {
            sale_price: i % 20 === 3 ? null : 50 + (i % 400),
          });
          break;
        case 4:
          answer = await player.agent.request('PATCH', `/api/territories/${own}/description`, {
            description: `Held by ${player.id.slice(0, 8)} since command ${i}.`,
          });
          break;
        case 5:
          answer = await player.agent.request('PATCH', `/api/territories/${own}`, { name: `Conv ${i}` });
          break;
        case 6:
          answer = await player.agent.post(`/api/territories/${territory}/visit`, {});
          break;
        case 7:
          answer = await wanakt.post(`/api/territories/${territory}/assign`, { userId: player.id, price: i % 3 === 0 ? 0 : 10 });
          break;
        case 8:
          answer = await wanakt.request('PATCH', `/api/territories/${territory}/position`, {
            latitude: String((i % 120) - 60),
            longitude: String((i % 300) - 150),
          });
          break;
        default:
          answer = await player.agent.post('/api/chat', { territory_id: territory, message: `Command ${i}` });
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    };
    const worker = async () => {
      while (next < 1000) await command(next++);
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    const counted = Object.fromEntries(statuses);
    expect(
      [...statuses.keys()].filter((status) => status >= 500),
      JSON.stringify(counted),
    ).toEqual([]);
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0), JSON.stringify(counted)).toBeGreaterThan(500);

    const times = await Promise.all(
      clients.map((world, index) => converged(database.sql, world.room, `the client on process ${index + 1}`)),
    );
    console.log(
      `1,000 mixed commands (${JSON.stringify(counted)}): the clients matched the database ${times.join(' / ')} ms after the last answer`,
    );

    const figures = await readPlayerFigures(
      database.sql,
      players.slice(0, clients.length).map((player) => player.id),
    );
    for (const [index, world] of clients.entries()) {
      await waitFor(() => {
        const last = world.messages.filter((message) => message.type === 'figures').at(-1)?.payload;
        return last && JSON.stringify(last) === JSON.stringify(figures.get(players[index].id));
      }, `the figures of player ${index}`);
    }
    await leaveAll();
  }, 300_000);

  it('when Redis is killed and started again under a stream of purchases, then every client converges to the database’s world', async () => {
    const clients = await clientOnEach(() => undefined);
    const listed = await listings(50);
    let stopped = 0;
    const stream = async () => {
      for (let i = 0; i < 150; i++) {
        const player = players[i % PLAYERS];
        const territory = listed[(i * 31) % listed.length];
        if (i % 3 === 2) await player.agent.request('PATCH', `/api/territories/${territory.id}/listing`, { sale_price: 100 + i });
        else await player.agent.post(`/api/territories/${territory.id}/purchase`, {});
        if (i === 40) {
          await redis.stop();
          stopped = Date.now();
        }
        if (i === 100) await redis.start();
      }
    };
    // A failure while Redis is away must not leave it away for the tests after this one.
    await stream().finally(async () => {
      if (stopped > 0 && !redis.running) await redis.start();
    });
    expect(stopped).toBeGreaterThan(0);
    const times = await Promise.all(
      clients.map((world, index) => converged(database.sql, world.room, `the client on process ${index + 1}`, 20_000)),
    );
    console.log(
      `Redis killed and restarted under 150 purchases and listings: the clients matched the database ${times.join(' / ')} ms after the last answer`,
    );
    await leaveAll();
  }, 300_000);

  it('when a process is killed with SIGKILL between a commit and its delivery, then after the restart every client sees the change', async () => {
    const clients = await clientOnEach(() => undefined);
    const [first, second] = processes;
    const [{ id }] = await listings(1);
    const buyerId = await createPlayer(database.sql, { balance: PLAYER_BALANCE, username: 'conv-killed' });
    const buyer = new TestAgent(first.url);
    buyer.setCookie(SESSION_COOKIE, await createSession(database.sql, buyerId, new Date()));

    // The second process is frozen, so it cannot deliver anything; the first dies as it answers.
    second.freeze();
    let killedAt: number;
    try {
      const answer = await buyer.post(`/api/territories/${id}/purchase`, {});
      await first.kill9();
      killedAt = Date.now();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    } finally {
      second.thaw();
    }

    // The clients of the processes still running: the thawed one delivers what it missed. The
    // killed process's client hears of it through the proxy a moment later.
    await waitFor(() => clients.some((world) => !world.room.connection.isOpen), "the killed process's client to lose its socket", 20_000);
    const survivors = clients.filter((world) => world.room.connection.isOpen);
    expect(survivors.length).toBeGreaterThanOrEqual(2);
    const survived = await Promise.all(
      survivors.map((world) =>
        converged(database.sql, world.room, 'a client of a surviving process', 20_000).then(() => Date.now() - killedAt!),
      ),
    );

    // The client of the killed process comes back to it once it is restarted.
    await restart(0);
    const rejoined = await joinWorld(processes[0].url);
    joined.push(rejoined);
    await converged(database.sql, rejoined.room, 'the client of the restarted process', 20_000);
    const restarted = Date.now() - killedAt!;
    for (const world of [rejoined, ...survivors]) expect(world.room.state.territories.get(String(id))?.ownerId).toBe(buyerId);
    console.log(
      `kill -9 between commit and delivery: the surviving processes' clients showed the change ${survived.join(' / ')} ms after the kill; ` +
        `the restarted process's client ${restarted} ms after it (restart included)`,
    );
  }, 300_000);
});
