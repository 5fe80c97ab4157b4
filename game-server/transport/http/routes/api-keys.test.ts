import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_KEYS_PER_USER, type CreatedApiKeyDto } from '../../../../schema/api/api-keys.ts';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { createOriginPolicy } from '../../../domain/auth/origin.ts';
import { startOutboxRelay } from '../../../infra/events/outbox-relay.ts';
import { createCounterStore } from '../../../infra/limits/counter-store.ts';
import { createLimits, DOOR_LIMITS } from '../../../infra/limits/door-limits.ts';
import { createLogger } from '../../../infra/logger.ts';
import { createSandboxProvider } from '../../../domain/payments/sandbox-provider.ts';
import { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../../testing/players.ts';
import { TEST_DEMO_PASSWORD } from '../../../testing/test-passwords.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { createApp } from '../app.ts';
import { LiveWorldIndex } from '../../../domain/world/live-world-index.ts';
import { createKeyRateLimiter } from '../key-rate-limit.ts';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

for (const backend of testBackends()) {
  describe(`[API keys] keys for programs on ${backend.name}`, () => {
    let now = new Date('2026-05-04T10:00:00Z');
    let game: TestServer;
    let sql: Sql;
    let player: { id: string; agent: TestAgent };
    let program: TestAgent;

    const createKey = async (agent: TestAgent, scopes: string[], name = 'my program') => {
      const created = await agent.post<CreatedApiKeyDto>('/api/api-keys', { name, scopes });
      expect(created.status).toBe(201);
      return created.body;
    };

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      player = await signedInPlayer(game, { balance: 20_000, now });
      program = game.agent();
    });
    afterAll(() => game.stop());

    it('when a player creates a key, then its secret is shown once, only its hash and prefix are stored, and the list shows it without the secret', async () => {
      const key = await createKey(player.agent, ['trade', 'read', 'read']);
      expect(key.key).toMatch(/^wk_[A-Za-z0-9_-]{43}$/);
      expect(key).toMatchObject({
        name: 'my program',
        scopes: ['read', 'trade'],
        prefix: key.key.slice(0, 11),
        last_used_at: null,
        revoked_at: null,
      });
      const [stored] = await sql<{ key_hash: string }[]>`select key_hash from api_keys where id = ${key.id}`;
      expect(stored!.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await sql`select * from api_keys`)).not.toContain(key.key);
      const listed = await player.agent.get('/api/api-keys');
      expect(listed.body).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix })]);
      expect(JSON.stringify(listed.body)).not.toContain(key.key);
    });

    it('when the body is bad, then 400 and no key', async () => {
      const before = await sql`select id from api_keys`;
      for (const body of [
        { name: '', scopes: ['read'] },
        { name: 'x', scopes: [] },
        { name: 'x', scopes: ['admin'] },
        { name: 'x'.repeat(61), scopes: ['read'] },
        { scopes: ['read'] },
      ]) {
        expect((await player.agent.post('/api/api-keys', body)).status, JSON.stringify(body)).toBe(400);
      }
      expect(await sql`select id from api_keys`).toHaveLength(before.length);
      expect((await game.agent().post('/api/api-keys', { name: 'x', scopes: ['read'] })).status).toBe(401);
    });

    it('when a player already holds the most keys, then another is refused whole (409) until one is revoked', async () => {
      const collector = await signedInPlayer(game, { now });
      for (let i = 0; i < MAX_API_KEYS_PER_USER; i++) await createKey(collector.agent, ['read'], `key ${i}`);
      const refused = await collector.agent.post('/api/api-keys', { name: 'one more', scopes: ['read'] });
      expect(refused).toMatchObject({
        status: 409,
        body: { message: `You can hold at most ${MAX_API_KEYS_PER_USER} keys: revoke one first` },
      });
      const held = async () => (await sql<{ n: number }[]>`select count(*)::int as n from api_keys where user_id = ${collector.id}`)[0].n;
      expect(await held()).toBe(MAX_API_KEYS_PER_USER);
      const [oldest] = await sql<{ id: number }[]>`select id from api_keys where user_id = ${collector.id} order by id limit 1`;
      expect((await collector.agent.request('DELETE', `/api/api-keys/${oldest.id}`)).status).toBe(200);
      expect((await collector.agent.post('/api/api-keys', { name: 'one more', scopes: ['read'] })).status).toBe(201);
      expect(await held()).toBe(MAX_API_KEYS_PER_USER + 1);
      expect(await collector.agent.request('DELETE', '/api/api-keys/abc')).toMatchObject({
        status: 400,
        body: { message: expect.any(String) },
      });
    });

    it('when a program sends the key, then it acts as its owner within the scopes, and last_used_at is set at most once a minute', async () => {
      const key = await createKey(player.agent, ['read', 'trade']);
      const me = await program.request('GET', '/api/auth/me', undefined, bearer(key.key));
      expect(me).toMatchObject({ status: 200, body: { id: player.id, is_wanakt: false } });
      expect(me.headers.get('ratelimit-limit')).toBe('600');
      const [{ id: manhattan }] = await sql<{ id: number }[]>`select id from territories where name = 'Manhattan'`;
      const bought = await program.request('POST', `/api/territories/${manhattan}/purchase`, {}, bearer(key.key));
      expect(bought.status).toBe(200);
      expect((await game.agent().get(`/api/territories/${manhattan}`)).body.owner_id).toBe(player.id);

      const firstUse = (await player.agent.get('/api/api-keys')).body.find((listed: { id: number }) => listed.id === key.id).last_used_at;
      expect(firstUse).toBe(now.toISOString());
      const earlier = now;
      now = new Date(earlier.getTime() + 30_000);
      await program.request('GET', '/api/auth/me', undefined, bearer(key.key));
      expect((await player.agent.get('/api/api-keys')).body.find((listed: { id: number }) => listed.id === key.id).last_used_at).toBe(
        earlier.toISOString(),
      );
      now = new Date(earlier.getTime() + 61_000);
      await program.request('GET', '/api/auth/me', undefined, bearer(key.key));
      expect((await player.agent.get('/api/api-keys')).body.find((listed: { id: number }) => listed.id === key.id).last_used_at).toBe(
        now.toISOString(),
      );
    });

    it('when a key lacks the scope a call needs, then 403 and nothing changes', async () => {
      const reader = await createKey(player.agent, ['read']);
      const before = await balanceOf(sql, player.id);
      const [{ id: brooklyn }] = await sql<{ id: number }[]>`select id from territories where name = 'Brooklyn'`;
      const refused = await program.request('POST', `/api/territories/${brooklyn}/purchase`, {}, bearer(reader.key));
      expect(refused).toMatchObject({ status: 403, body: { message: 'This API key lacks the trade scope' } });
      expect(await balanceOf(sql, player.id)).toBe(before);
      expect(
        (
          await program.request(
            'POST',
            '/api/ads/banner',
            { title: 't', content: 'c', click_url: 'https://example.com', target_impressions: 100 },
            bearer(reader.key),
          )
        ).status,
      ).toBe(403);
      // Express routes ignore case; the key check must too, and a path it cannot place is refused.
      expect((await program.request('POST', `/api/Territories/${brooklyn}/PURCHASE`, {}, bearer(reader.key))).status).toBe(403);
      expect(
        (await program.request('POST', '/api/API-keys', { name: 'escalated', scopes: ['read', 'trade'] }, bearer(reader.key))).status,
      ).toBe(403);
      expect((await program.request('GET', '/api/no-such-call', undefined, bearer(reader.key))).status).toBe(404);
      expect(await balanceOf(sql, player.id)).toBe(before);
    });

    it("when the Wanakt's own key is used, then it never has the Wanakt's powers; no key manages keys", async () => {
      const wanakt = await game.wanakt();
      const key = await createKey(wanakt, ['read', 'ads', 'payments', 'trade']);
      const mint = await program.request('POST', '/api/currency/mint', { amount: 5, recipientId: player.id }, bearer(key.key));
      expect(mint).toMatchObject({ status: 403, body: { message: 'An API key never acts as the Wanakt' } });
      expect((await program.request('GET', '/api/ads/review', undefined, bearer(key.key))).status).toBe(403);
      expect((await program.request('GET', '/api/auth/me', undefined, bearer(key.key))).body).toMatchObject({
        id: WANAKT_USER_ID,
        is_wanakt: true,
      });
      const users = await program.request('GET', '/api/users', undefined, bearer(key.key));
      expect(users.body.find((user: { id: string }) => user.id === player.id).drk_balance).toBeUndefined();

      expect((await program.request('GET', '/api/api-keys', undefined, bearer(key.key))).status).toBe(403);
      expect((await program.request('POST', '/api/api-keys', { name: 'more', scopes: ['read'] }, bearer(key.key))).status).toBe(403);
      // A cookie sent along does not lend the key the session's powers.
      const mixed = await wanakt.request('POST', '/api/currency/mint', { amount: 5, recipientId: player.id }, bearer(key.key));
      expect(mixed.status).toBe(403);
    });

    it('when a key is revoked, then it answers 401 at once; an unknown or malformed key is 401 too; another player cannot revoke it', async () => {
      const key = await createKey(player.agent, ['read']);
      const stranger = await signedInPlayer(game, { now });
      expect((await stranger.agent.request('DELETE', `/api/api-keys/${key.id}`)).status).toBe(404);
      expect((await program.request('GET', '/api/auth/me', undefined, bearer(key.key))).status).toBe(200);
      const revoked = await player.agent.request('DELETE', `/api/api-keys/${key.id}`);
      expect(revoked).toMatchObject({ status: 200, body: { id: key.id, revoked_at: now.toISOString() } });
      expect(await program.request('GET', '/api/auth/me', undefined, bearer(key.key))).toMatchObject({
        status: 401,
        body: { message: 'Unknown or revoked API key' },
      });
      expect((await program.request('GET', '/api/territories', undefined, bearer(`wk_${'A'.repeat(43)}`))).status).toBe(401);
      expect((await program.request('GET', '/api/territories', undefined, { authorization: 'Basic abc' })).status).toBe(401);
    });

    it('when a neighbour sends 25 made-up keys from a shared address, then its guesses are refused (429) and a valid key from that address still works', async () => {
      const key = await createKey(player.agent, ['read']);
      const shared = '198.51.100.77';
      const neighbour = new TestAgent(game.server.url, shared);
      const guesses = [];
      for (let i = 0; i < DOOR_LIMITS.unknownApiKey.points + 5; i++)
        guesses.push((await neighbour.request('GET', '/api/auth/me', undefined, bearer(`wk_madeup${i}${'z'.repeat(36)}`))).status);
      const honest = await new TestAgent(game.server.url, shared).request('GET', '/api/auth/me', undefined, bearer(key.key));
      const guessAfter = await neighbour.request('GET', '/api/auth/me', undefined, bearer(`wk_madeup-after${'z'.repeat(36)}`));
      console.log(
        `${guesses.length} made-up keys from one address: ${guesses.filter((s) => s === 401).length} × 401, ${guesses.filter((s) => s === 429).length} × 429; then a valid key from it: ${honest.status}, another guess: ${guessAfter.status}`,
      );
      expect(guesses.filter((status) => status === 401)).toHaveLength(DOOR_LIMITS.unknownApiKey.points);
      expect(guesses.filter((status) => status === 429)).toHaveLength(5);
      expect(honest).toMatchObject({ status: 200, body: { id: player.id } });
      expect(guessAfter.status).toBe(429);
    });
  });
}

describe('[API keys] each key has its own budget', () => {
  it('when a key spends its budget, then 429 with Retry-After, even on the public world list, and another key is unaffected', async () => {
    const backend = testBackends()[0]!;
    const database = await backend.open();
    const log = createLogger('error');
    const clock = () => new Date();
    const events = await startOutboxRelay({ sql: database.sql, log, clock, listen: false });
    const limits = createLimits(createCounterStore({ sql: database.sql }));
    const world = new LiveWorldIndex(events, database.sql);
    const deps = { sql: database.sql, database, clock, log, events, limits, origins: createOriginPolicy(undefined), world };
    const keyLimiter = createKeyRateLimiter(undefined, { points: 3, duration: 60, keyPrefix: 'test' });
    const server = createServer(createApp(deps, { payments: createSandboxProvider(), keyLimiter }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const agent = new TestAgent(url);
      expect((await agent.post('/api/auth/login', { username: 'sample', password: TEST_DEMO_PASSWORD })).status).toBe(200);
      const [first, second] = [
        await agent.post('/api/api-keys', { name: 'a', scopes: ['read'] }),
        await agent.post('/api/api-keys', { name: 'b', scopes: ['read'] }),
      ];
      const program = new TestAgent(url);
      for (let i = 0; i < 3; i++) expect((await program.request('GET', '/api/health', undefined, bearer(first.body.key))).status).toBe(200);
      const refused = await program.request('GET', '/api/health', undefined, bearer(first.body.key));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/too many requests/);
      // Anonymous readers of the world's list are answered ahead of the key check; a key's reads of it still count.
      expect((await program.request('GET', '/api/territories', undefined, bearer(first.body.key))).status).toBe(429);
      expect((await program.get('/api/territories')).status).toBe(200);
      expect((await program.request('GET', '/api/health', undefined, bearer(second.body.key))).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await keyLimiter.close();
      await events.close();
      await database.close();
    }
  });
});
