import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../../schema/api/idempotency.ts';
import type { ActingUser, Actor } from '../../schema/commands/policy.ts';
import { SESSION_TIMEOUTS, type Sql } from '../infra/db/database.ts';
import { asUnavailable } from '../infra/db/unavailable.ts';
import { startCuttableProxy, type CuttableProxy } from '../testing/cuttable-proxy.ts';
import { postgresBackendIfReachable } from '../testing/databases.ts';
import { balanceOf, createPlayer, signedInPlayer } from '../testing/players.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { execute } from './execute.ts';
import type { CommandDeps } from './handler.ts';
import { claimOf, runOnce } from './idempotency.ts';

// docs/write-path.md "Idempotent commands" and "A 5xx means not applied", on real PostgreSQL: a
// commit whose answer is lost is cut by a proxy between the game and the database.
const backend = postgresBackendIfReachable();
const NOW = new Date('2026-05-01T09:00:00Z');
const as = (user: ActingUser): Actor => ({ user, via: 'web' });

async function ledgerLines(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int from ledger`;
  return row!.count;
}

// Each test lists territories no other test touched.
const used: number[] = [];
async function listedTerritory(sql: Sql, price: number): Promise<{ id: number; name: string }> {
  const [row] = await sql<{ id: number; name: string }[]>`
    update territories set sale_price = ${price}
    where id = (select id from territories where type = 'city' and owner_id is null and id <> all(${used}::int[]) order by id limit 1)
    returning id, name`;
  used.push(row!.id);
  return row!;
}

const ownerOf = async (sql: Sql, id: number) =>
  (await sql<{ owner_id: string | null }[]>`select owner_id from territories where id = ${id}`)[0]!.owner_id;

describe.runIf(backend)('a command under its key, its commit cut on real PostgreSQL', () => {
  let game: TestServer;
  let sql: Sql;
  let proxy: CuttableProxy;
  let proxied: Sql;
  let direct: CommandDeps;
  let throughProxy: CommandDeps;
  let buyer: ActingUser;

  beforeAll(async () => {
    game = await startTestServer(backend!);
    sql = game.database.sql;
    proxy = await startCuttableProxy(game.database.url!);
    // Statements sent with their text every time, so the proxy can find the COMMIT.
    const connection = Object.fromEntries(Object.entries(SESSION_TIMEOUTS).map(([name, ms]) => [name, String(ms)]));
    proxied = postgres(proxy.url, { max: 2, prepare: false, onnotice: () => {}, connection });
    direct = { sql, clock: () => NOW };
    throughProxy = { sql: proxied, clock: () => NOW };
    const id = await createPlayer(sql, { balance: 50_000 });
    buyer = { id, username: 'buyer', is_wanakt: false };
  }, 120_000);
  afterAll(async () => {
    await proxied?.end({ timeout: 1 });
    await proxy?.stop();
    await game?.stop();
  });

  const purchase = (territoryId: number, price: number) => ({
    type: 'territory.purchase' as const,
    territoryId,
    body: { sale_price: price },
  });

  it('when the connection dies right after COMMIT is sent, then the answer is the applied purchase, and a retry with the key changes nothing', async () => {
    const territory = await listedTerritory(sql, 700);
    const lines = await ledgerLines(sql);
    const balance = await balanceOf(sql, buyer.id);
    const key = { caller: `user:${buyer.id}`, key: 'after-commit-1' };
    const cut = proxy.cutAt('commit\0', true);
    const answer = await execute(throughProxy, as(buyer), purchase(territory.id, 700), { key });
    await cut;
    expect(answer).toEqual({ status: 200, body: { message: `You now own ${territory.name}` } });
    expect(await ownerOf(sql, territory.id)).toBe(buyer.id);
    expect(await ledgerLines(sql)).toBe(lines + 1);
    expect(await balanceOf(sql, buyer.id)).toBe(balance - 700);

    const again = await execute(direct, as(buyer), purchase(territory.id, 700), { key });
    expect(again).toEqual({ status: 200, body: { message: `You now own ${territory.name}` }, replayed: true });
    expect(await ledgerLines(sql)).toBe(lines + 1);
    expect(await balanceOf(sql, buyer.id)).toBe(balance - 700);
  });

  it('when a command without a key loses its commit answer, then the key the pipeline gave it still finds it applied', async () => {
    const territory = await listedTerritory(sql, 300);
    const lines = await ledgerLines(sql);
    const cut = proxy.cutAt('commit\0', true);
    const answer = await execute(throughProxy, as(buyer), purchase(territory.id, 300));
    await cut;
    expect(answer.status).toBe(200);
    expect(await ownerOf(sql, territory.id)).toBe(buyer.id);
    expect(await ledgerLines(sql)).toBe(lines + 1);
  });

  it('when the connection dies before COMMIT reaches the database, then 503 and nothing applied; the retry with the key applies it once', async () => {
    const territory = await listedTerritory(sql, 400);
    const lines = await ledgerLines(sql);
    const key = { caller: `user:${buyer.id}`, key: 'before-commit-1' };
    const cut = proxy.cutAt('commit\0', false);
    const failed = await execute(throughProxy, as(buyer), purchase(territory.id, 400), { key }).catch((error: unknown) => error);
    await cut;
    // The transaction left open on the server held the territory's row: it was ended, not waited for.
    expect(asUnavailable(failed)).toMatchObject({ status: 503 });
    expect(await ownerOf(sql, territory.id)).toBeNull();
    expect(await ledgerLines(sql)).toBe(lines);

    const retried = await execute(direct, as(buyer), purchase(territory.id, 400), { key });
    expect(retried).toEqual({ status: 200, body: { message: `You now own ${territory.name}` } });
    expect(await ledgerLines(sql)).toBe(lines + 1);
  });

  it('when the same key comes with a different request, then 422 and nothing changes', async () => {
    const territory = await listedTerritory(sql, 200);
    const other = await listedTerritory(sql, 200);
    const key = { caller: `user:${buyer.id}`, key: 'reused-1' };
    await execute(direct, as(buyer), purchase(territory.id, 200), { key });
    const lines = await ledgerLines(sql);
    await expect(execute(direct, as(buyer), purchase(other.id, 200), { key })).rejects.toMatchObject({
      status: 422,
      message: IDEMPOTENCY_KEY_REUSED,
    });
    expect(await ownerOf(sql, other.id)).toBeNull();
    expect(await ledgerLines(sql)).toBe(lines);
    // The key is the caller's: another account may use the same one.
    const otherBuyer = { id: await createPlayer(sql, { balance: 1_000 }), username: 'other', is_wanakt: false };
    expect(
      (await execute(direct, as(otherBuyer), purchase(other.id, 200), { key: { caller: `user:${otherBuyer.id}`, key: 'reused-1' } }))
        .status,
    ).toBe(200);
  });

  it('when a refusal by the rules was the first answer, then a retry with the key gets it again even once the rules would allow', async () => {
    const poor = { id: await createPlayer(sql, { balance: 50 }), username: 'poor', is_wanakt: false };
    const territory = await listedTerritory(sql, 500);
    const key = { caller: `user:${poor.id}`, key: 'refused-1' };
    const first = await execute(direct, as(poor), purchase(territory.id, 500), { key }).catch((error: unknown) => error);
    expect(first).toMatchObject({ status: 409 });
    await sql`update users set drk_balance = drk_balance + 1000 where id = ${poor.id}`;
    await sql`update users set drk_balance = drk_balance - 1000 where id = ${buyer.id}`;
    await expect(execute(direct, as(poor), purchase(territory.id, 500), { key })).rejects.toMatchObject({
      status: 409,
      message: (first as Error).message,
    });
    expect(await ownerOf(sql, territory.id)).toBeNull();
    await sql`update users set drk_balance = drk_balance - 1000 where id = ${poor.id}`;
    await sql`update users set drk_balance = drk_balance + 1000 where id = ${buyer.id}`;
  });

  it('when a retry comes while the first is still running, then 409 and the first finishes alone', async () => {
    const territory = await listedTerritory(sql, 100);
    const claim = claimOf(purchase(territory.id, 100), { caller: `user:${buyer.id}`, key: 'in-flight-1' });
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runOnce(direct, claim, async () => {
      started();
      await holding;
      return { status: 200, body: { message: 'first' } };
    });
    await running;
    await expect(runOnce(direct, claim, async () => ({ status: 200, body: { message: 'second' } }))).rejects.toMatchObject({
      status: 409,
      message: IDEMPOTENCY_KEY_IN_FLIGHT,
    });
    release();
    expect(await first).toEqual({ status: 200, body: { message: 'first' } });
    expect(await runOnce(direct, claim, async () => ({ status: 200, body: { message: 'third' } }))).toEqual({
      status: 200,
      body: { message: 'first' },
      replayed: true,
    });
  });

  it('when a REST call is retried with its Idempotency-Key, then the same body and status come back, marked replayed, and the ledger is unchanged', async () => {
    const { id, agent } = await signedInPlayer(game, { balance: 5_000 });
    const territory = await listedTerritory(sql, 900);
    const headers = { 'Idempotency-Key': 'rest-retry-1' };
    const first = await agent.request('POST', `/api/territories/${territory.id}/purchase`, { sale_price: 900 }, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    const lines = await ledgerLines(sql);
    const again = await agent.request('POST', `/api/territories/${territory.id}/purchase`, { sale_price: 900 }, headers);
    expect(again.status).toBe(200);
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await ledgerLines(sql)).toBe(lines);
    expect(await balanceOf(sql, id)).toBe(4_100);

    const reused = await agent.request('POST', `/api/territories/${territory.id}/purchase`, { sale_price: 901 }, headers);
    expect(reused).toMatchObject({ status: 422, body: { message: IDEMPOTENCY_KEY_REUSED } });
    for (const bad of ['x'.repeat(256), 'tab\there', 'é']) {
      const refused = await agent.request(
        'POST',
        `/api/territories/${territory.id}/purchase`,
        { sale_price: 900 },
        { 'Idempotency-Key': bad },
      );
      expect(refused).toMatchObject({ status: 400, body: { message: IDEMPOTENCY_KEY_INVALID } });
    }
    expect(await ledgerLines(sql)).toBe(lines);
  });
});
