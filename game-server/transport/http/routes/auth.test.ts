import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../domain/auth/sessions.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import { testBackends } from '../../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

for (const backend of testBackends()) {
  describe(`[design accounts] register, log in, log out on ${backend.name}`, () => {
    let game: TestServer;
    let now = new Date('2026-11-22T12:00:00Z');
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
    });
    afterAll(() => game.stop());

    const userCount = async () => (await game.database.sql<{ n: number }[]>`select count(*)::int as n from users`)[0].n;

    it('when a player registers, then it gets 100 DRK minted, a notice that says so, a session cookie and its account', async () => {
      const agent = game.agent();
      const response = await agent.post('/api/users/register', { username: '  Ada  ', password: 'correct horse' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect.any(String), username: 'Ada', drk_balance: '100', is_wanakt: false, trade_hold: null });
      const cookie = response.headers.getSetCookie().join();
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      const me = await agent.get('/api/auth/me');
      expect(me.body).toEqual(response.body);
      const [minted] = await game.database.sql`select reason, amount::int from ledger where to_user_id = ${response.body.id}`;
      expect(minted).toEqual({ reason: 'registration', amount: 100 });
      // The bell explains the balance a newcomer did not pay for.
      expect((await agent.get('/api/notifications')).body.notifications).toEqual([
        expect.objectContaining({
          kind: 'drk_minted',
          text: expect.stringMatching(/^Welcome! You start with 100 DRK, your starting grant/),
        }),
      ]);
      expect(JSON.stringify(response.body)).not.toMatch(/scrypt|password/);
      expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    });

    it('when a page asks who it is, then a visitor gets 200 and no account, and a player its account', async () => {
      const visitor = await game.agent().get('/api/auth/session');
      expect(visitor.status).toBe(200);
      expect(visitor.body).toEqual({ account: null });
      const agent = game.agent();
      const registered = await agent.post('/api/users/register', { username: 'Hopper', password: 'correct horse' });
      expect((await agent.get('/api/auth/session')).body).toEqual({ account: registered.body });
    });

    it('when a username is taken in any letter case, then registration answers 409 and creates nothing', async () => {
      const before = await userCount();
      const response = await game.agent().post('/api/users/register', { username: 'ADA', password: 'another one' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: 'That username is already taken' });
      expect(await userCount()).toBe(before);
    });

    it('when username or password is empty after trimming, then 400 with a clear message', async () => {
      const agent = game.agent();
      expect((await agent.post('/api/users/register', { username: '   ', password: 'secret12' })).body).toEqual({
        message: 'Username is required',
      });
      expect((await agent.post('/api/users/register', { username: 'Bob', password: '   ' })).body).toEqual({
        message: 'Password is required',
      });
      expect((await agent.post('/api/users/register', { username: 'Bob' })).status).toBe(400);
      expect((await agent.post('/api/users/register', {})).status).toBe(400);
    });

    it('when the body is malformed or of the wrong types, then 400; when it is over the body limit, then 413; nothing changes', async () => {
      const before = await userCount();
      const agent = game.agent();
      const cases = [
        await agent.post('/api/users/register', '{"username": "x", '),
        await agent.post('/api/users/register', { username: 42, password: 'secret12' }),
        await agent.post('/api/users/register', { username: ['a'], password: { $ne: 1 } }),
        await agent.post('/api/users/register', { username: 'x'.repeat(20_000), password: 'secret12' }),
        await agent.post('/api/users/register', { username: 'Bell\u0007', password: 'secret12' }),
      ];
      for (const response of cases) {
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: expect.any(String) });
      }
      const huge = await agent.post('/api/users/register', { username: "Robert'); DROP TABLE users;--", password: 'p'.repeat(1_000_000) });
      expect(huge.status).toBe(413);
      expect(huge.body).toEqual({ message: expect.any(String) });
      expect(await userCount()).toBe(before);
    });

    it('when the password is wrong, then 401; when right, then a fresh session replaces the old one', async () => {
      const agent = game.agent();
      await agent.post('/api/users/register', { username: 'Grace', password: 'hopper1906' });
      const oldCookie = agent.cookieHeader;
      expect((await game.agent().post('/api/auth/login', { username: 'grace', password: 'wrong' })).status).toBe(401);
      const wrong = await game.agent().post('/api/auth/login', { username: 'nobody-here', password: 'wrong' });
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
      const login = await agent.post('/api/auth/login', { username: 'GRACE', password: 'hopper1906' });
      expect(login.status).toBe(200);
      expect(login.body.username).toBe('Grace');
      expect(agent.cookieHeader).not.toBe(oldCookie);
      const stale = game.agent();
      stale.setCookie(SESSION_COOKIE, oldCookie.split('=')[1]);
      expect((await stale.get('/api/auth/me')).status).toBe(401);
      expect((await agent.get('/api/auth/me')).status).toBe(200);
    });

    it('when a player logs out, then its session no longer works', async () => {
      const agent = game.agent();
      await agent.post('/api/users/register', { username: 'Linus', password: 'penguins!' });
      const token = agent.cookieHeader.split('=')[1];
      expect((await agent.post('/api/auth/logout')).status).toBe(204);
      expect((await agent.get('/api/auth/me')).status).toBe(401);
      const replay = game.agent();
      replay.setCookie(SESSION_COOKIE, token);
      expect((await replay.get('/api/auth/me')).status).toBe(401);
    });

    it('when a session is forged or expired, then /api/auth/me answers 401', async () => {
      const forged = game.agent();
      forged.setCookie(SESSION_COOKIE, 'forged-token-value');
      expect(await forged.get('/api/auth/me')).toMatchObject({ status: 401, body: { message: expect.any(String) } });
      expect((await game.agent().get('/api/auth/me')).status).toBe(401);
      const agent = game.agent();
      await agent.post('/api/users/register', { username: 'Timer', password: 'ticktock1' });
      now = new Date(now.getTime() + 31 * 24 * 3600 * 1000);
      expect((await agent.get('/api/auth/me')).status).toBe(401);
    });

    it('when one address sends 5 wrong passwords for an account, then it waits, and the owner elsewhere still logs in', async () => {
      await game.agent().post('/api/users/register', { username: 'Target', password: 'right-password' });
      const guesser = game.agent();
      for (let i = 0; i < 5; i++) {
        expect((await guesser.post('/api/auth/login', { username: 'Target', password: `wrong-${i}` })).status).toBe(401);
      }
      const blocked = await guesser.post('/api/auth/login', { username: 'Target', password: 'right-password' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Try again in \d+ seconds/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await game.agent().post('/api/auth/login', { username: 'Target', password: 'right-password' })).status).toBe(200);
    });

    it('when a state-changing request comes from another site, then 403 and nothing changes', async () => {
      const before = await userCount();
      const evil = await game
        .agent()
        .post('/api/users/register', { username: 'Mallory', password: 'secret12' }, { origin: 'https://evil.example' });
      expect(evil).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' } });
      const garbage = await game.agent().post('/api/auth/login', { username: 'x', password: 'y' }, { origin: 'null' });
      expect(garbage.status).toBe(403);
      expect(await userCount()).toBe(before);
      const sameSite = await game
        .agent()
        .post('/api/users/register', { username: 'Alice', password: 'secret12' }, { origin: game.server.url });
      expect(sameSite.status).toBe(201);
    });

    it('logs in the seeded Wanakt and demo player with their configured passwords', async () => {
      const wanakt = await game.wanakt();
      expect((await wanakt.get('/api/auth/me')).body).toMatchObject({ id: 'wanakt-admin', username: 'wanakt', is_wanakt: true });
      const demo = await game.demo();
      expect((await demo.get('/api/auth/me')).body).toMatchObject({ id: 'sample-user', username: 'sample', drk_balance: '5000' });
    });

    it('answers unknown API paths with 404 JSON and health with the database kind', async () => {
      const agent = game.agent();
      expect(await agent.get('/api/no-such-thing')).toMatchObject({
        status: 404,
        body: { message: expect.stringContaining('No such API call') },
      });
      expect((await agent.get('/api/health')).body).toEqual({ status: 'ok', database: backend.name });
    });
  });
}
