// The game server as `npm start` runs it, in a process of its own, reporting its CPU, event-loop
// delay and resident memory to the bench.
import { loadConfig } from '../../game-server/config.ts';
import { createLogger } from '../../game-server/infra/logger.ts';
import { startGameServer } from '../../game-server/server.ts';
import { serveStats } from './server-stats.ts';

const server = await startGameServer({ config: loadConfig({ ...process.env, PORT: '0' }), log: createLogger('warn') });
serveStats(
  server.url,
  () => server.stop(),
  () => ({ rssBytes: process.memoryUsage().rss }),
);
