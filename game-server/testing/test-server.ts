import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import type { Database, Sql } from '../infra/db/database.ts';
import { createLogger, type Logger } from '../infra/logger.ts';
import { startGameServer, type GameServer, type StartOptions } from '../server.ts';
import { TestAgent } from './agent.ts';
import type { TestBackend } from './databases.ts';
import { TEST_DEMO_PASSWORD, TEST_WANAKT_PASSWORD } from './test-passwords.ts';

export interface TestServer {
  server: GameServer;
  database: Database;
  agent(): TestAgent;
  /** An agent logged in as the given seeded or registered account. */
  loggedIn(username: string, password: string): Promise<TestAgent>;
  wanakt(): Promise<TestAgent>;
  demo(): Promise<TestAgent>;
  stop(): Promise<void>;
}

/** The real game server on a port of its own, on a fresh database of the given backend. */
export interface TestServerOptions extends Pick<StartOptions, 'clock' | 'relay' | 'clientDir' | 'socketCaps' | 'viewPacing'> {
  /** Settings beyond the test defaults. */
  env?: Record<string, string>;
  /** A database to start on, which stop() leaves open (a restart); otherwise a fresh one of the backend, closed by stop(). */
  database?: Database;
  log?: Logger;
  /** Work done on the fresh database before the server starts, as an operator's would be (e.g. padWorld). */
  prepare?: (sql: Sql) => Promise<unknown>;
}

export async function startTestServer(backend: TestBackend, options: TestServerOptions = {}): Promise<TestServer> {
  const { env, log, prepare, database: given, ...start } = options;
  const database = given ?? (await backend.open());
  await prepare?.(database.sql);
  // The test agents stand for many browsers by sending X-Forwarded-For, as a proxy on this host would.
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'loopback',
    // Without SMTP_URL the game writes its mail under DATA_DIR: a test's mail stays out of the working tree.
    DATA_DIR: join(tmpdir(), 'wanakt-test-data'),
    WANAKT_PASSWORD: TEST_WANAKT_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    // Tests wait for their mail to arrive: a send every second instead of every five.
    MAIL_SEND_CRON: '* * * * * *',
    ...env,
  });
  const server = await startGameServer({ config, log: log ?? createLogger('error'), database, ...start });
  const loggedIn = async (username: string, password: string) => {
    const agent = new TestAgent(server.url);
    const response = await agent.post('/api/auth/login', { username, password });
    if (response.status !== 200) throw new Error(`Login as ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return agent;
  };
  return {
    server,
    database,
    agent: () => new TestAgent(server.url),
    loggedIn,
    wanakt: () => loggedIn('wanakt', TEST_WANAKT_PASSWORD),
    demo: () => loggedIn('sample', TEST_DEMO_PASSWORD),
    stop: async () => {
      await server.stop();
      if (!given) await database.close();
    },
  };
}

/** A test server with its database's sql and the Wanakt logged in: what a suite of the Wanakt's powers starts with. */
export async function startTestServerAsWanakt(backend: TestBackend): Promise<{ game: TestServer; sql: Sql; wanakt: TestAgent }> {
  const game = await startTestServer(backend);
  return { game, sql: game.database.sql, wanakt: await game.wanakt() };
}
