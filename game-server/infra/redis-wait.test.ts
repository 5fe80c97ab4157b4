import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { joinWorld } from '../testing/test-clients.ts';
import { postgresBackendIfReachable } from '../testing/databases.ts';
import { scratchDirectory, sharedProcessEnvironment, startGameProcess, type GameProcess } from '../testing/game-processes.ts';
import { PrivateRedis } from '../testing/private-redis.ts';

// A process started while Redis is away (a supervisor restarting it during a Redis outage, or the
// machine booting in the wrong order) waits for Redis as it waits for PostgreSQL, instead of exiting.
const backend = postgresBackendIfReachable();
// How long Redis stays away after the process first said it waits.
const REDIS_AWAY_MS = 3000;

describe.runIf(backend)('a game process started while Redis is away', () => {
  let database: Database;
  let redis: PrivateRedis;
  let scratch: Awaited<ReturnType<typeof scratchDirectory>>;
  const processes: GameProcess[] = [];

  beforeAll(async () => {
    database = await backend!.open();
    redis = await PrivateRedis.start();
    await redis.stop();
    scratch = await scratchDirectory();
  });

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await redis?.stop();
    await database?.close();
    await scratch?.remove();
  });

  it('when Redis comes back while it waits, then the process becomes ready and takes a join', async () => {
    let waiting!: () => void;
    const saidWaiting = new Promise<void>((resolve) => (waiting = resolve));
    const starting = startGameProcess(sharedProcessEnvironment(database.url!, redis.url), scratch.path, (output) => {
      if (/Waiting for Redis at 127\.0\.0\.1:\d+ …/.test(output)) waiting();
    });
    await saidWaiting;
    // Past its first tries, still waiting: then Redis comes.
    // The wait is the fault under test: Redis stays away past the first tries, for REDIS_AWAY_MS.
    await new Promise((resolve) => setTimeout(resolve, REDIS_AWAY_MS));
    await redis.start();
    const redisBackAt = Date.now();
    const started = await starting;
    processes.push(started);
    const readyAfterRedisMs = Date.now() - redisBackAt;
    const tries = started.output().match(/Waiting for Redis/g)!.length;
    console.log(`the process said "Waiting for Redis" ${tries} times and listened ${readyAfterRedisMs} ms after Redis came back`);
    expect(tries).toBeGreaterThan(1);
    expect(started.child.exitCode).toBeNull();
    expect((await fetch(`${started.url}/api/ready`)).status).toBe(200);
    const { room } = await joinWorld(started.url);
    expect(room.roomId).toBeTruthy();
    await room.leave();
  });

  it('when Redis stays away past REDIS_WAIT_SECONDS, then the process exits with one line naming it', async () => {
    await redis.stop();
    const failed = await startGameProcess(
      sharedProcessEnvironment(database.url!, redis.url, { REDIS_WAIT_SECONDS: '1' }),
      scratch.path,
    ).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/exited with 1/);
    expect(failed).toMatch(/Redis at 127\.0\.0\.1:\d+ did not answer within 1 s .*REDIS_WAIT_SECONDS sets how long to wait\./);
    expect(failed).not.toMatch(/\n\s+at /);
  });
});
