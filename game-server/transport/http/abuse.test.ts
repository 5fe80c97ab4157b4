import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../domain/economy/supply.ts';
import { DOOR_LIMITS, LOGIN_LIMITS } from '../../infra/limits/door-limits.ts';
import { expireAbandonedCheckouts } from '../../domain/payments/abandoned-checkouts.ts';
import { createSandboxProvider } from '../../domain/payments/sandbox-provider.ts';
import { TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { balanceOf, createPlayer } from '../../testing/players.ts';
import { hashPassword } from '../../domain/auth/passwords.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Attacks once seen against the game, each tried against the real server on real PostgreSQL, where parallel
// requests really run in parallel. Each test prints its figure.
const postgres = postgresBackendIfReachable();

describe.runIf(postgres)('abuse: the edges hold on PostgreSQL', () => {
  let game: TestServer;
  let now = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    game = await startTestServer(postgres!, { clock: () => now });
  });
  afterAll(() => game?.stop());
  afterEach(async () => {
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
  });

  const register = (agent: TestAgent, username: string, password = 'a-long-password') =>
    agent.post('/api/users/register', { username, password });
  const statuses = (responses: { status: number }[]) =>
    responses.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

  it('200 parallel wrong passwords on one account from one address: at most 5 evaluated (401), the rest 429', async () => {
    expect((await register(game.agent(), 'Victim')).status).toBe(201);
    const attacker = game.agent();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => attacker.post('/api/auth/login', { username: 'Victim', password: `guess-${i}` })),
    );
    const counted = statuses(answers);
    console.log(`200 parallel wrong passwords: ${counted[401] ?? 0} evaluated (401), ${counted[429] ?? 0} refused (429)`);
    expect(counted[401]).toBeLessThanOrEqual(LOGIN_LIMITS.perNameAndAddress.points);
    expect(counted[429]).toBe(200 - counted[401]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many failed logins .* Try again in \d+ seconds\.$/);
  });

  it('the owner still logs in from another address while 200 guesses hit the account', async () => {
    expect((await register(game.agent(), 'Besieged')).status).toBe(201);
    const attacker = game.agent();
    const attack = Promise.all(
      Array.from({ length: 200 }, (_, i) => attacker.post('/api/auth/login', { username: 'Besieged', password: `guess-${i}` })),
    );
    const owner = await game.agent().post('/api/auth/login', { username: 'Besieged', password: 'a-long-password' });
    const counted = statuses(await attack);
    console.log(`owner during a 200-guess attack: ${owner.status}; attacker got ${counted[401] ?? 0} × 401, ${counted[429] ?? 0} × 429`);
    expect(owner.status).toBe(200);
  });

  it('60 addresses guessing one account: the account limit holds new addresses, an address the owner used still logs in', async () => {
    const home = game.agent();
    expect((await register(home, 'Spread')).status).toBe(201);
    expect((await home.post('/api/auth/login', { username: 'Spread', password: 'a-long-password' })).status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => game.agent().post('/api/auth/login', { username: 'Spread', password: `guess-${i}` })),
    );
    const counted = statuses(guesses);
    const fromNewPlace = await game.agent().post('/api/auth/login', { username: 'Spread', password: 'a-long-password' });
    const fromHome = await new TestAgent(game.server.url, home.address).post('/api/auth/login', {
      username: 'Spread',
      password: 'a-long-password',
    });
    console.log(
      `60 addresses × 1 guess: ${counted[401] ?? 0} evaluated, ${counted[429] ?? 0} refused; owner from a new address ${fromNewPlace.status}, from a known one ${fromHome.status}`,
    );
    expect(counted[401]).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.points);
    expect(fromNewPlace.status).toBe(429);
    expect(fromHome.status).toBe(200);
    // 50 password hashes of 32 MiB each, on a shared machine.
  }, 300_000);

  it('100 parallel registrations from one address: at most 5 accounts created', async () => {
    const [before] = await game.database.sql<{ n: number }[]>`select count(*)::int as n from users`;
    const farm = game.agent();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => register(farm, `farmed-${i}`)));
    const [after] = await game.database.sql<{ n: number }[]>`select count(*)::int as n from users`;
    const counted = statuses(answers);
    console.log(`100 parallel registrations from one address: ${after.n - before.n} created, ${counted[429] ?? 0} refused (429)`);
    expect(after.n - before.n).toBeLessThanOrEqual(DOOR_LIMITS.registration.points);
    expect(counted[429]).toBe(100 - (counted[201] ?? 0));
  });

  it('a new password shorter than 8 characters is refused; existing short passwords still log in', async () => {
    const answer = await register(game.agent(), 'Shorty', 'x');
    expect(answer).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters' } });
    const oldTimer = await createPlayer(game.database.sql, { username: 'OldTimer' });
    await game.database.sql`update users set password_hash = ${await hashPassword('abc')} where id = ${oldTimer}`;
    expect((await game.agent().post('/api/auth/login', { username: 'OldTimer', password: 'abc' })).status).toBe(200);
  });

  it.each([
    ['Cyrillic а', 'w\u0430nakt'],
    ['zero-width space', 'wanakt\u200b'],
    ['right-to-left override', '\u202ewanakt'],
    ['fullwidth', 'ｗａｎａｋｔ'],
    ['only a zero-width space', '\u200b'],
    ['reserved name', 'Admin'],
    ['Greek capital alpha', '\u0391DMIN'],
    ['built on the Wanakt', 'wanakt_official'],
  ])('a lookalike name (%s) gets 409 with a clear message', async (_kind, username) => {
    const answer = await register(game.agent(), username);
    console.log(`${JSON.stringify(username)}: ${answer.status} ${answer.body.message}`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/reserved|looks like|invisible/);
  });

  it('an advertiser naming itself after the game, or with invisible characters, is refused', async () => {
    const [wonder] = await game.database.sql`select id from territories where type = 'wonder' order by id limit 1`;
    const order = {
      title: 'Official',
      content: 'News',
      territory_id: wonder.id,
      advertiser_email: 'a@b.example',
      impressions_wanted: 1000,
      total_cost: 120,
    };
    expect(await game.agent().post('/api/ads/purchase', { ...order, advertiser_name: 'The W\u0430nakt' })).toMatchObject({
      status: 409,
      body: { message: 'That name is reserved for the game: choose another' },
    });
    expect((await game.agent().post('/api/ads/purchase', { ...order, advertiser_name: 'Acme\u202e' })).status).toBe(400);
  });

  it("a lookalike of a player's name gets 409, and 10 parallel lookalikes of a new name create one account", async () => {
    expect((await register(game.agent(), 'Marco')).status).toBe(201);
    const copy = await register(game.agent(), 'M\u0430rco');
    expect(copy).toMatchObject({ status: 409, body: { message: "That username looks like an existing player's name: choose another" } });
    const variants = ['Polo', 'P0lo', 'PoIo', 'Pоlo', 'POLO', 'P\u00f3lo', 'po_lo', 'Po lo', 'Ｐｏｌｏ', 'Po1o'];
    const answers = await Promise.all(variants.map((name) => register(game.agent(), name)));
    console.log(`10 parallel lookalikes of Polo: ${JSON.stringify(statuses(answers))}`);
    expect(statuses(answers)).toEqual({ 201: 1, 409: 9 });
  });

  it("a sandbox confirm without the payer's session: 401 (none) or 403 (another player), nothing minted", async () => {
    const demo = await game.demo();
    const intent = await demo.post('/api/drk/purchase-intent', { packageId: 'baron' });
    expect(intent.status).toBe(201);
    const confirm = { paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret, outcome: 'succeed' };
    const before = await balanceOf(game.database.sql, 'sample-user');
    const anonymous = await game.agent().post('/api/payments/sandbox/confirm', confirm);
    const stranger = game.agent();
    await register(stranger, 'Stranger');
    const other = await stranger.post('/api/payments/sandbox/confirm', confirm);
    console.log(`sandbox confirm of another's payment: anonymous ${anonymous.status}, another player ${other.status}`);
    expect(anonymous.status).toBe(401);
    expect(other.status).toBe(403);
    expect(await balanceOf(game.database.sql, 'sample-user')).toBe(before);
    const [payment] = await game.database.sql`select status from payments where id = ${intent.body.paymentIntentId}`;
    expect(payment.status).toBe('pending');
    expect((await demo.post('/api/payments/sandbox/confirm', confirm)).body.status).toBe('succeeded');
    expect(await balanceOf(game.database.sql, 'sample-user')).toBe(before + 5000);
  });

  it('a 50 MB body on /matchmake: 413 before it is read, memory unchanged', async () => {
    const size = 50 * 1024 * 1024;
    const rssBefore = process.memoryUsage().rss;
    const { port } = new URL(game.server.url);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/matchmake/joinOrCreate/world',
        headers: { 'content-type': 'application/json', 'content-length': size },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (data) => (body += data));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      // The server closes the socket once it has answered, so the rest of the upload fails: expected.
      req.on('error', () => {});
      setTimeout(() => reject(new Error('no answer to the 50 MB body')), 60_000).unref();
      // Written lazily, 64 kB at a time, so the test's own memory stays flat too.
      let sent = 0;
      const pump = () => {
        while (sent < size && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    const grownMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    console.log(`50 MB body on /matchmake: ${answer.status}, memory grew ${grownMb.toFixed(1)} MB`);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining('too large') });
    expect(grownMb).toBeLessThan(25);
  });

  it('a foreign Origin gets no Access-Control-Allow-Origin, on /api and /matchmake; our own origin does', async () => {
    const demo = await game.demo();
    const foreign = { origin: 'https://evil.example' };
    const me = await demo.request('GET', '/api/auth/me', undefined, foreign);
    const preflight = await demo.request('OPTIONS', '/api/auth/me', undefined, { ...foreign, 'access-control-request-method': 'GET' });
    const matchmake = await demo.post('/matchmake/joinOrCreate/world', {}, foreign);
    for (const answer of [me, preflight, matchmake]) {
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
    console.log(`foreign Origin: /api/auth/me ACAO ${me.headers.get('access-control-allow-origin')}, /matchmake ${matchmake.status}`);
    expect(matchmake.status).toBe(403);
    const own = await demo.request('GET', '/api/auth/me', undefined, { origin: game.server.url });
    expect(own.headers.get('access-control-allow-origin')).toBe(game.server.url);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('the Origin check compares the scheme and ignores the Host header', async () => {
    const ours = new URL(game.server.url);
    const wrongScheme = await game
      .agent()
      .post('/api/users/register', { username: 'Schemer', password: 'a-long-password' }, { origin: `https://${ours.host}` });
    const spoofedHost = await game
      .agent()
      .post(
        '/api/users/register',
        { username: 'Hoster', password: 'a-long-password' },
        { origin: 'http://evil.example', host: 'evil.example' },
      );
    expect(wrongScheme).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' } });
    expect(spoofedHost.status).toBe(403);
  });

  it('the security headers are present, HSTS only over HTTPS', async () => {
    const page = await game.agent().get('/');
    const csp = page.headers.get('content-security-policy')!;
    console.log(`CSP: ${csp}`);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('stripe.com');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const behindTls = await game.agent().request('GET', '/api/health', undefined, { 'x-forwarded-proto': 'https' });
    expect(behindTls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('an API answer, handed to Express past Colyseus, carries the same CORS and security headers as a page through Colyseus', async () => {
    const origin = { origin: game.server.url };
    const page = await game.agent().request('GET', '/', undefined, origin);
    const api = await game.agent().request('GET', '/api/territories', undefined, origin);
    const names = [
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'access-control-allow-headers',
      'access-control-allow-methods',
      'access-control-max-age',
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const headersOf = (answer: typeof page) => Object.fromEntries(names.map((name) => [name, answer.headers.get(name)]));
    expect(api.status).toBe(200);
    expect(headersOf(api)).toEqual(headersOf(page));
    expect(api.headers.get('access-control-allow-origin')).toBe(game.server.url);
    expect(api.headers.get('x-powered-by')).toBeNull();
  });

  it('an anonymous ad-intent flood: 10 an hour from one address, then 429; abandoned ones expire and cannot be paid', async () => {
    const [wonder] = await game.database.sql`select id from territories where type = 'wonder' order by id limit 1`;
    const order = {
      title: 'Flood',
      content: 'Spam',
      territory_id: wonder.id,
      advertiser_email: 'spam@flood.example',
      impressions_wanted: 1000,
      total_cost: 120,
    };
    const flooder = game.agent();
    const answers = await Promise.all(Array.from({ length: 50 }, () => flooder.post('/api/ads/purchase', order)));
    const counted = statuses(answers);
    const [rows] = await game.database.sql<
      { n: number }[]
    >`select count(*)::int as n from ads where advertiser_email = 'spam@flood.example'`;
    console.log(`50 parallel ad intents from one address: ${counted[201] ?? 0} opened, ${counted[429] ?? 0} refused; ${rows.n} ad rows`);
    expect(counted[201]).toBe(DOOR_LIMITS.adIntent.points);
    expect(rows.n).toBe(DOOR_LIMITS.adIntent.points);

    now = new Date(now.getTime() + 25 * 3600 * 1000);
    const sandbox = createSandboxProvider();
    const expired = await expireAbandonedCheckouts({ sql: game.database.sql, clock: () => now }, sandbox);
    const [left] = await game.database.sql<
      { n: number }[]
    >`select count(*)::int as n from ads where advertiser_email = 'spam@flood.example'`;
    console.log(`after 25 hours: ${expired.payments} payments canceled, ${expired.ads} ads removed, ${left.n} left`);
    expect(left.n).toBe(0);
    const opened = answers.find((answer) => answer.status === 201)!.body;
    const late = await flooder.post('/api/payments/sandbox/confirm', {
      paymentIntentId: opened.paymentIntentId,
      clientSecret: opened.clientSecret,
      outcome: 'succeed',
    });
    expect(late.status).toBe(400);
  });

  it('a visit flood from one address: 30 a minute, then 429', async () => {
    const visitor = game.agent();
    const answers = await Promise.all(Array.from({ length: 60 }, () => visitor.post('/api/territories/1/visit')));
    const counted = statuses(answers);
    console.log(`60 parallel visits from one address: ${counted[200] ?? 0} counted, ${counted[429] ?? 0} refused`);
    expect(counted[200]).toBe(DOOR_LIMITS.visit.points);
  });
});
