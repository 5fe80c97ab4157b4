// The real game server on a fresh in-memory embedded database, for scripts run outside vitest
// (e2e/screenshots.ts, bench/map.bench.ts); tests use startTestServer instead.
import { loadConfig } from '../../game-server/config.ts';
import { openEmbedded } from '../../game-server/infra/db/database.ts';
import { createLogger } from '../../game-server/infra/logger.ts';
import { startGameServer, type GameServer } from '../../game-server/server.ts';
import { TEST_DEMO_PASSWORD, TEST_WANAKT_PASSWORD } from '../../game-server/testing/test-passwords.ts';

export const LOGINS = {
  wanakt: { username: 'wanakt', password: TEST_WANAKT_PASSWORD },
  demo: { username: 'sample', password: TEST_DEMO_PASSWORD },
} as const;

export async function startStandaloneServer(): Promise<GameServer> {
  const database = await openEmbedded({});
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'error', WANAKT_PASSWORD: TEST_WANAKT_PASSWORD, DEMO_PASSWORD: TEST_DEMO_PASSWORD });
  const server = await startGameServer({ config, log: createLogger('error'), database });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await database.close();
    },
  };
}
