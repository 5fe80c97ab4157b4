import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../domain/auth/sessions.ts';
import type { Database } from '../../infra/db/database.ts';
import { freshAddress } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { scratchDirectory, sharedProcessEnvironment, startGameProcess, type GameProcess } from '../../testing/game-processes.ts';
import { createPlayer } from '../../testing/players.ts';
import { PrivateRedis } from '../../testing/private-redis.ts';
import { joinWorld, waitFor } from '../../testing/test-clients.ts';

// The faults of an operator's bad day, one at a time, against two `node game-server/main.ts` on a
// database and a redis-server of this file's own: the database's connections cut under load,
// Redis away for 5 s, a room whose world cannot load, and a SIGTERM under load.
const backend = postgresBackendIfReachable();
const SHUTDOWN_SECONDS = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  at: number;
  ms: number;
  status: number | 'failed';
}

describe.runIf(backend)('two game processes through faults', () => {
  let database: Database;
  let redis: PrivateRedis;
  let scratch: Awaited<ReturnType<typeof scratchDirectory>>;
  let processes: GameProcess[] = [];
  let players: { cookie: string; address: string; village: number }[] = [];
  let env: Record<string, string>;

  const request = async (url: string, method: string, path: string, body: unknown, player = players[0]): Promise<Answer> => {
    const at = Date.now();
    try {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie: player.cookie, 'x-forwarded-for': player.address },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      return { at, ms: Date.now() - at, status: response.status };
    } catch {
      return { at, ms: Date.now() - at, status: 'failed' };
    }
  };

  /** Listings from every player through every process, ten a second, until stopped. */
  const underLoad = () => {
    const answers: Answer[] = [];
    const inFlight: Promise<unknown>[] = [];
    let running = true;
    const loop = (async () => {
      for (let n = 0; running; n++) {
        const player = players[n % players.length];
        const url = processes[n % processes.length].url;
        inFlight.push(
          request(url, 'PATCH', `/api/territories/${player.village}/listing`, { sale_price: 100 + (n % 50) }, player).then((answer) =>
            answers.push(answer),
          ),
        );
        // The wait is the load's pacing: ten listings a second.
        await pause(100);
      }
    })();
    return {
      answers,
      stop: async () => {
        running = false;
        await loop;
        await Promise.all(inFlight);
        return answers;
      },
    };
  };

  beforeAll(async () => {
    database = await backend!.open();
    redis = await PrivateRedis.start();
    scratch = await scratchDirectory();
    env = sharedProcessEnvironment(database.url!, redis.url, { SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS) });
    processes = [await startGameProcess(env, scratch.path), await startGameProcess(env, scratch.path)];
    const villages = await database.sql<
      { id: number }[]
    >`select id from territories where type = 'village' and owner_id is null order by id limit 6`;
    for (const { id: village } of villages) {
      const id = await createPlayer(database.sql, { balance: 10_000 });
      await database.sql`update territories set owner_id = ${id} where id = ${village}`;
      players.push({ cookie: `${SESSION_COOKIE}=${await createSession(database.sql, id, new Date())}`, address: freshAddress(), village });
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop().catch(() => undefined)));
    await redis?.stop();
    await database?.close();
    await scratch?.remove();
  });

  it('when every database connection is cut three times under load, then both processes stay up and a command succeeds within 2 s of each cut', async () => {
    const load = underLoad();
    const recoveries: number[] = [];
    for (let cut = 0; cut < 3; cut++) {
      // The wait is the fault's pacing: the load runs 1.5 s between cuts.
      await pause(1500);
      const at = Date.now();
      await database.sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
      const back = await waitFor(
        () => load.answers.find((answer) => answer.at >= at && answer.status === 200),
        'a listing after the cut',
        10_000,
      );
      recoveries.push(back.at + back.ms - at);
    }
    const answers = await load.stop();
    console.log(`database cut 3 times under ${answers.length} listings: a command succeeded ${recoveries.join(' / ')} ms after each cut`);
    for (const process of processes) expect(process.child.exitCode, process.output().slice(-2000)).toBeNull();
    expect(answers.filter((answer) => answer.status === 500)).toEqual([]);
    expect(Math.max(...recoveries)).toBeLessThanOrEqual(2000);
  }, 120_000);

  it('when Redis is stopped for 5 s, then chat still answers and nothing answers 500, and rooms take joins again within 2 s of its return', async () => {
    await redis.stop();
    const chats: Answer[] = [];
    const stoppedAt = Date.now();
    for (let n = 0; Date.now() - stoppedAt < 5000; n++) {
      const player = players[n % players.length];
      chats.push(
        await request(
          processes[n % 2].url,
          'POST',
          '/api/chat',
          { territory_id: player.village, message: `while Redis is away ${n}` },
          player,
        ),
      );
      // The wait is the load's pacing while Redis is away for 5 s: five chats a second.
      await pause(200);
    }
    await redis.start();
    const back = Date.now();
    const joinedAfter = await waitFor(
      async () => {
        try {
          const world = await joinWorld(processes[0].url);
          await world.room.leave();
          return Date.now() - back;
        } catch {
          return undefined;
        }
      },
      'a join after Redis returned',
      10_000,
    );
    const slowest = Math.max(...chats.map((chat) => chat.ms));
    console.log(
      `Redis away 5 s: ${chats.length} chats answered ${[...new Set(chats.map((chat) => chat.status))].join('/')}, the slowest in ${slowest} ms; a join worked ${joinedAfter} ms after Redis returned`,
    );
    expect(chats.filter((chat) => chat.status === 'failed' || chat.status >= 500)).toEqual([]);
    expect(chats.filter((chat) => chat.status === 201).length).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
    expect(joinedAfter).toBeLessThanOrEqual(2000);
    for (const process of processes) expect(process.output()).not.toContain('Unhandled error event');
  }, 120_000);

  it("when a room's world cannot load because its tables are locked, then disposing of it does not throw and the next join works", async () => {
    const locker = postgres(database.url!, { max: 1, onnotice: () => {} });
    const reserved = await locker.reserve();
    try {
      await reserved`begin`;
      await reserved`lock table territories in access exclusive mode`;
      // The process's lock_timeout (4 s) ends the load; Colyseus then disposes of the half-made room.
      await expect(joinWorld(processes[1].url)).rejects.toThrow();
    } finally {
      await reserved`rollback`;
      reserved.release();
      await locker.end();
    }
    const world = await joinWorld(processes[1].url);
    await waitFor(() => world.room.state.territories?.size > 0, 'the world after the lock', 20_000);
    await world.room.leave();
    expect(processes[1].output()).not.toMatch(/reading 'stop'|onDispose/);
    expect(processes[1].child.exitCode).toBeNull();
  }, 120_000);

  it('when a process gets SIGTERM under load, then it drains within SHUTDOWN_SECONDS and exits 0', async () => {
    const load = underLoad();
    await waitFor(() => load.answers.length >= 10, 'the load under way', 20_000);
    const stopped = await processes[1].stop();
    const answers = await load.stop();
    console.log(
      `SIGTERM under ${answers.length} listings: drained and exited ${stopped.code} in ${stopped.ms} ms (SHUTDOWN_SECONDS=${SHUTDOWN_SECONDS})`,
    );
    expect(stopped.code, processes[1].output().slice(-2000)).toBe(0);
    expect(stopped.ms).toBeLessThanOrEqual((SHUTDOWN_SECONDS + 5) * 1000);
    expect(answers.filter((answer) => answer.status === 500)).toEqual([]);
    processes = [processes[0]];
  }, 120_000);
});
