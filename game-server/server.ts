import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as ColyseusServer } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { MAX_CLIENT_MESSAGE_BYTES } from '../schema/state/messages.ts';
import type { Config } from './config.ts';
import { openEmbedded, openPostgres, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seed, type SeededLogin } from './db/seed/seed.ts';
import { createLocalBus } from './events/local-bus.ts';
import { createRedisBus } from './events/redis-bus.ts';
import { createApp } from './http/app.ts';
import { createPaymentProvider, describePaymentProvider } from './payments/choose-provider.ts';
import { startJobs } from './jobs/start-jobs.ts';
import type { Logger } from './logger.ts';
import { createRoomsHere, defineWorldRoom } from './rooms/world-room.ts';

export interface StartOptions {
  config: Config;
  log: Logger;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  clock?: () => Date;
  clientDir?: string;
}

export interface GameServer {
  url: string;
  port: number;
  database: Database;
  generatedLogins: SeededLogin[];
  stop(): Promise<void>;
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openEmbedded({ dataDir: config.DATA_DIR });
}

function listen(server: HttpServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Opens the database, brings it up to date, seeds it, and serves REST, rooms and the client on one port. */
export async function startGameServer(options: StartOptions): Promise<GameServer> {
  const { config, log } = options;
  const clock = options.clock ?? (() => new Date());
  const database = options.database ?? (await openConfiguredDatabase(config));
  try {
    const applied = await migrate(database.sql);
    if (applied.length > 0) log.info(`Applied migrations: ${applied.join(', ')}`);
    const seeded = await seed(database.sql, {
      wanaktPassword: config.WANAKT_PASSWORD,
      demoPassword: config.DEMO_PASSWORD,
      includeDemo: database.kind === 'embedded' || config.DEMO_PASSWORD !== undefined,
      now: clock(),
    });
    if (seeded.territoriesCreated > 0) log.info(`Seeded ${seeded.territoriesCreated} territories`);

    // With Redis, several processes share rooms and domain events; one process needs neither.
    const events = config.REDIS_URL ? await createRedisBus(config.REDIS_URL, log) : createLocalBus();
    const payments = createPaymentProvider(config);
    log.info(describePaymentProvider(payments, config));
    const app = createApp({ sql: database.sql, database, clock, log, events }, { clientDir: options.clientDir, payments });
    const httpServer = createServer(app);
    const colyseus = new ColyseusServer({
      transport: new WebSocketTransport({ server: httpServer, maxPayload: MAX_CLIENT_MESSAGE_BYTES }),
      ...(config.REDIS_URL && { presence: new RedisPresence(config.REDIS_URL), driver: new RedisDriver(config.REDIS_URL) }),
      selectProcessIdToCreateRoom: createRoomsHere,
      gracefullyShutdown: false,
      greet: false,
    });
    defineWorldRoom(colyseus, { sql: database.sql, clock, log, events });
    await colyseus.listen(config.PORT, config.HOST);
    if (!httpServer.listening) await listen(httpServer, config.PORT, config.HOST);
    const port = (httpServer.address() as AddressInfo).port;
    const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
    const jobs = await startJobs({ sql: database.sql, events, clock, log }, config);

    return {
      url: `http://${host}:${port}`,
      port,
      database,
      generatedLogins: seeded.generatedLogins,
      stop: async () => {
        await jobs.stop();
        await colyseus.gracefullyShutdown(false);
        await events.close();
        if (httpServer.listening) await new Promise((resolve) => httpServer.close(resolve));
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
}
