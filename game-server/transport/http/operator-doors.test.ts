import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../domain/economy/supply.ts';
import { DOOR_LIMITS } from '../../infra/limits/door-limits.ts';
import { createLogger, type Logger } from '../../infra/logger.ts';
import { TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Once seen: the operator's doors trusted an address, and behind a
// local proxy that forwards no X-Forwarded-For every outsider was "this machine". The server here
// runs as a fresh deployment would (TRUST_PROXY unset) with the operator port on.
const postgres = postgresBackendIfReachable();
const OPS_TOKEN = 'operator-doors-token-0123456789';

function recordingLogger(): { log: Logger; warnings: string[] } {
  const quiet = createLogger('error');
  const warnings: string[] = [];
  return { log: { ...quiet, warn: (message: string) => warnings.push(message) }, warnings };
}

/** A request as a local reverse proxy that sets no X-Forwarded-For passes it on: from 127.0.0.1, headers as the stranger sent them. */
async function throughBareProxy(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
}

describe.runIf(postgres)('operator doors trust a secret and a listener, not an address', () => {
  let game: TestServer;
  const { log, warnings } = recordingLogger();
  beforeAll(async () => {
    game = await startTestServer(postgres!, { env: { TRUST_PROXY: '', OPS_PORT: '0', OPS_TOKEN }, log });
  });
  afterAll(() => game?.stop());
  afterEach(async () => {
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
  });

  it('when a stranger asks the public port for /metrics or /ops/backup, through a bare proxy or with any header, then it gets 404', async () => {
    const tries: [string, Record<string, string>][] = [
      ['/metrics', {}],
      ['/metrics', { 'x-forwarded-for': '127.0.0.1' }],
      ['/metrics', { authorization: `Bearer ${OPS_TOKEN}` }],
      ['/METRICS', {}],
      ['/ops/backup', {}],
      ['/ops/backup', { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', authorization: `Bearer ${OPS_TOKEN}` }],
      ['/ops/backup/', {}],
    ];
    const answers = await Promise.all(tries.map(([path, headers]) => throughBareProxy(`${game.server.url}${path}`, headers)));
    console.log(`public port, ${tries.length} tries at the operator's paths: ${answers.map((answer) => answer.status).join(', ')}`);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('wanakt_');
    }
  });

  it('when the operator port is asked without OPS_TOKEN, then 401; with it, the metrics and the backup answer', async () => {
    const ops = game.server.opsUrl!;
    expect(ops).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await throughBareProxy(`${ops}/metrics`)).status).toBe(401);
    expect((await throughBareProxy(`${ops}/ops/backup`)).status).toBe(401);
    const metrics = await throughBareProxy(`${ops}/metrics`, { authorization: `Bearer ${OPS_TOKEN}` });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('wanakt_players_online');
    // On PostgreSQL the backup is pg_dump's job; the door still answers only with the token.
    expect((await throughBareProxy(`${ops}/ops/backup`, { authorization: `Bearer ${OPS_TOKEN}` })).status).toBe(409);
    expect((await throughBareProxy(`${ops}/api/health`, { authorization: `Bearer ${OPS_TOKEN}` })).status).toBe(404);
  });

  it('when clients come through a proxy that forwards no address, then one warning per process names X-Forwarded-For and TRUST_PROXY, and they share one budget', async () => {
    const [before] = await game.database.sql<{ n: number }[]>`select count(*)::int as n from users`;
    // Six different people behind the bare proxy: the server sees one address, 127.0.0.1.
    const answers = [];
    for (let i = 0; i < DOOR_LIMITS.registration.points + 1; i++) {
      answers.push(
        await new TestAgent(game.server.url, '203.0.113.' + (i + 1)).post('/api/users/register', {
          username: `behind-proxy-${i}`,
          password: 'a-long-password',
        }),
      );
    }
    const [after] = await game.database.sql<{ n: number }[]>`select count(*)::int as n from users`;
    const loopbackWarnings = warnings.filter((line) => line.includes('X-Forwarded-For') && line.includes('TRUST_PROXY'));
    console.log(
      `6 sign-ups behind a proxy TRUST_PROXY does not name: ${after.n - before.n} created, last ${answers.at(-1)!.status}; warnings: ${loopbackWarnings.length}`,
    );
    // The agents send X-Forwarded-For, which TRUST_PROXY (unset) does not let the server believe.
    expect(after.n - before.n).toBe(DOOR_LIMITS.registration.points);
    expect(answers.at(-1)!.status).toBe(429);
    expect(loopbackWarnings).toHaveLength(1);
    expect(loopbackWarnings[0]).toMatch(/shares one address's limits/);
  });
});

describe.runIf(postgres)('behind a proxy that TRUST_PROXY names, each client keeps its own limits', () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(postgres!, { env: { TRUST_PROXY: '127.0.0.1,::1' } });
  });
  afterAll(() => game?.stop());
  afterEach(async () => {
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
  });

  it('when a stranger spends 100 wrong passwords and 5 sign-ups, then the real player still logs in and a newcomer still signs up', async () => {
    const attacker = game.agent();
    const guesses = await Promise.all(
      Array.from({ length: 110 }, (_, i) => attacker.post('/api/auth/login', { username: `nobody-${i}`, password: 'wrong-password' })),
    );
    for (let i = 0; i < 6; i++) await attacker.post('/api/users/register', { username: `attacker-${i}`, password: 'a-long-password' });
    const sample = await game.demo();
    const newcomer = await game.agent().post('/api/users/register', { username: 'Newcomer', password: 'a-long-password' });
    console.log(
      `after 110 wrong passwords (${guesses.filter((g) => g.status === 429).length} × 429) and 6 sign-ups from one client: sample logged in, newcomer ${newcomer.status}`,
    );
    expect((await sample.get('/api/auth/me')).status).toBe(200);
    expect(newcomer.status).toBe(201);
    // 100 password hashes of 32 MiB each, on a shared machine.
  }, 300_000);

  it('when 12 sign-ups come from one IPv6 /64, then 5 accounts are made', async () => {
    const answers = [];
    for (let i = 1; i <= 12; i++) {
      answers.push(
        await new TestAgent(game.server.url, `2001:db8:21:64::${i.toString(16)}`).post('/api/users/register', {
          username: `six-four-${i}`,
          password: 'a-long-password',
        }),
      );
    }
    const made = answers.filter((answer) => answer.status === 201).length;
    const another64 = await new TestAgent(game.server.url, '2001:db8:21:65::1').post('/api/users/register', {
      username: 'next-door',
      password: 'a-long-password',
    });
    console.log(`12 sign-ups from one /64: ${made} made, ${answers.length - made} × 429; the next /64: ${another64.status}`);
    expect(made).toBe(DOOR_LIMITS.registration.points);
    expect(another64.status).toBe(201);
  });

  it('when an address signs up plain and IPv4-mapped, then both spellings share one budget', async () => {
    const spellings = ['198.51.100.21', '::ffff:198.51.100.21'];
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        await new TestAgent(game.server.url, spellings[i % 2]).post('/api/users/register', {
          username: `twin-${i}`,
          password: 'a-long-password',
        }),
      );
    }
    const made = answers.filter((answer) => answer.status === 201).length;
    console.log(`8 sign-ups alternating 198.51.100.21 and ::ffff:198.51.100.21: ${made} made`);
    expect(made).toBe(DOOR_LIMITS.registration.points);
  });
});
