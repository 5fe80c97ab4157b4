import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db/database.ts';
import { testRedisUrl } from '../../testing/test-redis.ts';
import { TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { scratchDirectory, sharedProcessEnvironment, startGameProcess, type GameProcess } from '../../testing/game-processes.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/test-passwords.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';

const postgres = postgresBackendIfReachable();
const redisUrl = await testRedisUrl();

describe.runIf(postgres && redisUrl)('[several processes] two game servers on one PostgreSQL and Redis', () => {
  let running: GameProcess[] = [];
  const joined: WorldJoin[] = [];
  let database: Database;
  let scratch: Awaited<ReturnType<typeof scratchDirectory>>;
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await postgres!.open();
    scratch = await scratchDirectory();
    const env = sharedProcessEnvironment(database.url!, redisUrl!);
    running = await Promise.all([startGameProcess(env, scratch.path), startGameProcess(env, scratch.path)]);
    [a, b] = running.map((process) => process.url);
  });

  afterAll(async () => {
    await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
    await Promise.all(running.map((process) => process.stop()));
    await database?.close();
    await scratch?.remove();
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
