import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from './domain/auth/sessions.ts';
import type { Database } from './infra/db/database.ts';
import { checkInvariants } from './domain/economy/supply.ts';
import { testRedisUrl } from './testing/test-redis.ts';
import { waitFor } from './testing/test-clients.ts';
import { postgresBackendIfReachable } from './testing/databases.ts';
import { oneShotRequest, refused, type OneShotAnswer } from './testing/one-shot-request.ts';
import { balanceOf, createPlayer } from './testing/players.ts';
import { sharedProcessEnvironment, startGameProcess, type GameProcess } from './testing/game-processes.ts';
import { StayingClient } from './testing/staying-client.ts';

const postgres = postgresBackendIfReachable();
const redisUrl = await testRedisUrl();
const SHUTDOWN_SECONDS = 10;
const BUYERS = 8;
const PURCHASES_EACH = 5;
const BUDGET = 100_000;

describe.runIf(postgres && redisUrl)('[graceful restarts] processes stopped or killed with clients connected', () => {
  const processes: GameProcess[] = [];
  const clients: StayingClient[] = [];
  let database: Database;
  let cwd: string;

  beforeAll(async () => {
    database = await postgres!.open();
    cwd = await mkdtemp(join(tmpdir(), 'wanakt-sigterm-'));
    const env = sharedProcessEnvironment(database.url!, redisUrl!, { SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS) });
    processes.push(...(await Promise.all([startGameProcess(env, cwd), startGameProcess(env, cwd)])));
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.leave()));
    await Promise.all(processes.map((server) => server.stop()));
    await database?.close();
    if (cwd) await rm(cwd, { recursive: true, force: true });
  });

  it('when a process gets SIGTERM, then its clients rejoin the other as themselves, purchases under way commit or answer, never half, and it exits within its bound', async () => {
    const [a, b] = processes;
    const sql = database.sql;
    const watcherId = await createPlayer(sql, { balance: 700, username: 'sigterm-watcher' });
    const watcherCookie = `${SESSION_COOKIE}=${await createSession(sql, watcherId, new Date())}`;
    const watcher = new StayingClient(() => [a.url, b.url], { cookie: watcherCookie });
    const visitor = new StayingClient(() => [a.url, b.url]);
    clients.push(watcher, visitor);
    await watcher.join();
    await visitor.join();
    watcher.watch(1);
    await waitFor(() => watcher.room?.state.territories?.size > 0, 'the world on A');

    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const id = await createPlayer(sql, { balance: BUDGET, username: `sigterm-buyer-${i}` });
        return { id, cookie: `${SESSION_COOKIE}=${await createSession(sql, id, new Date())}` };
      }),
    );
    const forSale = await sql<{ id: number; sale_price: number }[]>`
      select id, sale_price::int from territories
       where owner_id is null and sale_price is not null and sale_price <= ${BUDGET / PURCHASES_EACH} order by id limit ${BUYERS * PURCHASES_EACH}`;
    expect(forSale).toHaveLength(BUYERS * PURCHASES_EACH);

    // Each buyer buys one territory after another from A, and goes on while A drains, so the
    // signal finds purchases under way; a buyer stops at the first request A no longer accepts.
    const attempts: { buyer: number; territory: (typeof forSale)[number]; outcome: Promise<OneShotAnswer> }[] = [];
    let answered = 0;
    const buying = buyers.map(async (buyer, i) => {
      for (const territory of forSale.slice(i * PURCHASES_EACH, (i + 1) * PURCHASES_EACH)) {
        const outcome = oneShotRequest(a.url, 'POST', `/api/territories/${territory.id}/purchase`, { body: {}, cookie: buyer.cookie });
        attempts.push({ buyer: i, territory, outcome });
        try {
          await outcome;
          answered++;
        } catch {
          return;
        }
      }
    });
    await waitFor(() => answered >= buyers.length, 'a purchase answered for every buyer', 20_000);
    const stopped = await a.stop();
    await Promise.all(buying);

    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan((SHUTDOWN_SECONDS + 10) * 1000);
    expect(a.output()).toMatch(/"msg":"Stopped in \d+ ms"/);
    const spent = new Map<number, number>();
    const owners = new Map<number, string>();
    let committed = 0;
    for (const { buyer, territory, outcome } of attempts) {
      const [settled] = await Promise.allSettled([outcome]);
      const [row] = await sql<{ owner_id: string | null }[]>`select owner_id from territories where id = ${territory.id}`;
      if (settled.status === 'rejected') expect(refused(settled.reason), String(settled.reason)).toBe(true);
      if (settled.status === 'fulfilled' && settled.value.status === 200) {
        committed++;
        expect(row.owner_id).toBe(buyers[buyer].id);
        owners.set(territory.id, buyers[buyer].id);
        spent.set(buyer, (spent.get(buyer) ?? 0) + territory.sale_price);
      } else {
        if (settled.status === 'fulfilled') expect(settled.value.body).toHaveProperty('message');
        expect(row.owner_id).toBeNull();
        owners.set(territory.id, '');
      }
    }
    for (const [i, buyer] of buyers.entries()) expect(await balanceOf(sql, buyer.id)).toBe(BUDGET - (spent.get(i) ?? 0));
    expect((await checkInvariants(sql)).problems).toEqual([]);

    await waitFor(
      () => watcher.gaps.length === 1 && visitor.gaps.length === 1 && watcher.room && visitor.room,
      'both clients back in the world',
      30_000,
    );
    // Their place: the same session, watching the same chat; the world as committed.
    for (const [territoryId, owner] of owners) {
      await waitFor(() => visitor.room!.state.territories?.get(String(territoryId))?.ownerId === owner, `territory ${territoryId} on B`);
    }
    const poster = buyers[0];
    expect(
      (await oneShotRequest(b.url, 'POST', '/api/chat', { body: { territory_id: 1, message: 'After the restart' }, cookie: poster.cookie }))
        .status,
    ).toBe(201);
    await waitFor(() => watcher.chat.some((message) => message.message === 'After the restart'), 'the watched chat on B');

    console.log(
      `SIGTERM drain: ${stopped.ms} ms to exit; ${committed} of ${attempts.length} purchases committed, the rest answered or were refused before arriving; ` +
        `clients back after ${watcher.gaps[0]} ms and ${visitor.gaps[0]} ms`,
    );
  }, 180_000);

  it('when a process dies with SIGKILL a moment after a client joined it, then the client joins another by itself', async () => {
    const cwdOfC = await mkdtemp(join(tmpdir(), 'wanakt-sigkill-'));
    const c = await startGameProcess(sharedProcessEnvironment(database.url!, redisUrl!), cwdOfC);
    const b = processes[1];
    const newcomer = new StayingClient(() => [c.url, b.url]);
    clients.push(newcomer);
    await newcomer.join();
    // Well inside the SDK's default minimum time in a room (5 s) before it would reconnect at all.
    await c.kill9();
    await waitFor(() => newcomer.room && newcomer.gaps.length === 1, 'the newcomer back in the world on B', 20_000);
    await waitFor(() => newcomer.room!.state.territories?.size > 0, 'the world on B');
    console.log(`SIGKILL a moment after joining: the client was back after ${newcomer.gaps[0]} ms`);
    await rm(cwdOfC, { recursive: true, force: true });
  }, 240_000);
});
