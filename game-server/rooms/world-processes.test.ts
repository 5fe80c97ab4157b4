import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testRedisUrl } from '../events/test-redis.ts';
import { TestAgent } from '../testing/agent.ts';
import { postgresBackendIfReachable } from '../testing/databases.ts';
import { TEST_DEMO_PASSWORD, TEST_WANAKT_PASSWORD } from '../testing/test-passwords.ts';
import { joinWorld, waitFor, type WorldJoin } from './test-clients.ts';

const MAIN = new URL('../main.ts', import.meta.url).pathname;
const TSX = import.meta.resolve('tsx');
const postgres = postgresBackendIfReachable();
const redisUrl = await testRedisUrl();

/** One `node game-server/main.ts`, as production runs it; resolves with its address. */
function startProcess(env: Record<string, string>, cwd: string, running: ChildProcess[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, MAIN], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/running at (http:\/\/\S+)/)?.[1];
      if (url) resolve(url);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 60_000).unref();
  });
}

describe.runIf(postgres && redisUrl)('[issue 7 several processes] two game servers on one PostgreSQL and Redis', () => {
  const running: ChildProcess[] = [];
  const joined: WorldJoin[] = [];
  let database: Database;
  let cwd: string;
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await postgres!.open();
    cwd = await mkdtemp(join(tmpdir(), 'wanakt-processes-'));
    // A Redis database of its own keeps this run's room listings apart from any other run's.
    const redis = new URL(redisUrl!);
    redis.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
    const env = {
      PORT: '0',
      DATABASE_URL: database.url!,
      REDIS_URL: redis.toString(),
      WANAKT_PASSWORD: TEST_WANAKT_PASSWORD,
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    };
    [a, b] = await Promise.all([startProcess(env, cwd, running), startProcess(env, cwd, running)]);
  });

  afterAll(async () => {
    await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
    await Promise.all(
      running.map((child) => {
        if (child.exitCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
    );
    await database?.close();
    if (cwd) await rm(cwd, { recursive: true, force: true });
  });

  it('when a player buys through process B, then a client joined on process A sees it; chat crosses too, and each counts everyone online', async () => {
    const onA = await joinWorld(a);
    const onB = await joinWorld(b);
    joined.push(onA, onB);
    await waitFor(() => onA.room.state.territories?.size > 0, 'the world on A');
    // Each process serves its own world room; the domain events keep them equal.
    expect(onA.room.roomId).not.toBe(onB.room.roomId);
    onA.room.send('chat.watch', { territoryId: 1 });

    const buyer = new TestAgent(b);
    expect((await buyer.post('/api/auth/login', { username: 'sample', password: TEST_DEMO_PASSWORD })).status).toBe(200);
    const [territory] = await database.sql<{ id: number }[]>`
      select id from territories where owner_id is null and sale_price <= 5000 order by id limit 1`;
    expect((await buyer.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);

    await waitFor(() => onA.room.state.territories.get(String(territory.id))?.ownerId === 'sample-user', 'the purchase on A');
    expect(onA.room.state.territories.get(String(territory.id))).toMatchObject({ ownerName: 'sample', forSale: false });
    await waitFor(() => onB.room.state.territories.get(String(territory.id))?.ownerId === 'sample-user', 'the purchase on B');

    expect((await buyer.post('/api/chat', { territory_id: 1, message: 'From process B' })).status).toBe(201);
    const heard = await waitFor(() => onA.messages.find((m) => m.type === 'chat'), 'the chat on A');
    expect(heard.payload).toMatchObject({ territory_id: 1, message: 'From process B' });

    await waitFor(() => onA.room.state.online === 2 && onB.room.state.online === 2, 'both processes counting both clients', 10_000);
  });
});
