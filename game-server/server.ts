import { createServer, type Server as HttpServer } from 'node:http';
import { join } from 'node:path';
import { Server, type AddressInfo, type Socket } from 'node:net';
import { Server as ColyseusServer } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { MAX_CLIENT_MESSAGE_BYTES } from '../schema/state/messages.ts';
import { compileTrustProxy, type Config } from './config.ts';
import { admissionOf, type Database } from './infra/db/database.ts';
import { openRedis } from './infra/redis-client.ts';
import { withHandledRejections } from './infra/handled-rejections.ts';
import { openConfiguredDatabase } from './infra/db/open-configured.ts';
import { migrate } from './infra/db/migrate.ts';
import { seed, type SeededLogin } from './domain/seed/seed.ts';
import { startOutboxRelay, type RelayOptions } from './infra/events/outbox-relay.ts';
import { createApp } from './transport/http/app.ts';
import { warnOfUnforwardedLoopback } from './transport/http/client-address.ts';
import { BACKUP_NEEDS_TOKEN, createOpsApp } from './transport/http/ops-app.ts';
import { API_BODY_LIMIT_BYTES } from './transport/http/body-limit.ts';
import { backfillNameSkeletons } from './domain/names/skeleton-backfill.ts';
import { createOriginPolicy } from './domain/auth/origin.ts';
import { guardMatchmaking } from './transport/http/matchmake-edge.ts';
import { colyseusLogger } from './transport/rooms/colyseus-logger.ts';
import { createCounterStore } from './infra/limits/counter-store.ts';
import { createLimits, type SocketCaps } from './infra/limits/door-limits.ts';
import { createKeyRateLimiter } from './transport/http/key-rate-limit.ts';
import { traceEventsWith } from './infra/events/outbox.ts';
import { currentRequestId } from './infra/request-context.ts';
import { createPaymentProvider, describePaymentProvider } from './domain/payments/choose-provider.ts';
import { ImpressionTally } from './domain/ads/impression-tally.ts';
import { ReachTally } from './domain/social/reach-tally.ts';
import { startJobs } from './jobs/start-jobs.ts';
import type { Logger } from './infra/logger.ts';
import { createLifecycle, drainWithin } from './lifecycle.ts';
import { backupsScheduled, readFiguresFrom } from './infra/observability/metrics.ts';
import { createRoomsHere, defineWorldRoom } from './transport/rooms/world-room.ts';
import type { PacerLimits } from './transport/rooms/view-pacer.ts';
import { LiveWorldIndex } from './domain/world/live-world-index.ts';
import { waitForRedis } from './infra/wait-for-redis.ts';
import { folderTransport, smtpTransport } from './infra/mail/transport.ts';
import { checkOwnerOnly } from './infra/owner-only.ts';
import { pushOptionsOf } from './infra/push/push-service.ts';

export interface StartOptions {
  config: Config;
  log: Logger;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  clock?: () => Date;
  clientDir?: string;
  /** Smaller socket caps, for a test that shows what happens past them without opening hundreds. */
  socketCaps?: SocketCaps;
  /** Another pace for clients' view changes, for a test of the flood that need not send 40 messages. */
  viewPacing?: PacerLimits;
  /** Faults for tests to inject into the outbox relay: NOTIFY wake-ups ignored, another poll interval. */
  relay?: Partial<Pick<RelayOptions, 'listen' | 'pollMs'>>;
}

export interface GameServer {
  url: string;
  port: number;
  /** The operator's listener (/metrics, /ops/backup), when OPS_PORT is set. */
  opsUrl: string | null;
  database: Database;
  generatedLogins: SeededLogin[];
  /** Resolves once the process can answer its visitors (its world index has loaded): when /api/ready says so, database and drain aside. */
  ready(): Promise<void>;
  /**
   * Drains and stops: no new seats or connections, clients told to rejoin elsewhere, requests and a
   * running job finished, then the database closed. Rejects (after closing everything) when the
   * drain did not finish within SHUTDOWN_SECONDS and the deadline cut something off.
   */
  stop(): Promise<void>;
}

// A stopping process goes on accepting connections until none has come for a moment (a load
// balancer that saw /api/ready fail has stopped sending), at most for the longest wait: closing a
// listener resets the connections still in its accept queue, and their callers could not tell
// whether their request arrived.
const QUIET_BEFORE_CLOSE_MS = 150;
const LONGEST_LISTEN_WHILE_DRAINING_MS = 2000;

async function untilNoNewConnections(lastConnectionAt: () => number): Promise<void> {
  const deadline = Date.now() + LONGEST_LISTEN_WHILE_DRAINING_MS;
  for (
    let quietFor = Date.now() - lastConnectionAt();
    quietFor < QUIET_BEFORE_CLOSE_MS && Date.now() < deadline;
    quietFor = Date.now() - lastConnectionAt()
  ) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_CLOSE_MS - quietFor));
  }
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
  await checkOwnerOnly({ DATA_DIR: config.DATA_DIR, BACKUP_DIR: config.BACKUP_DIR }, (line) => log.warn(line));
  const database = options.database ?? (await openConfiguredDatabase(config, clock, (line) => log.info(line)));
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
    await backfillNameSkeletons(database.sql);

    // Every process reads the committed events from the outbox; with Redis, processes also share
    // Colyseus's matchmaking and presence.
    const events = await startOutboxRelay({ sql: database.sql, log, clock, listen: database.kind === 'postgres', ...options.relay });
    // One index of where every territory is, for the map's views and the room's: it loads while the
    // rest starts, and /api/ready waits for it.
    const world = new LiveWorldIndex(events, database.sql);
    const payments = createPaymentProvider(config);
    log.info(describePaymentProvider(payments, config));
    const lifecycle = createLifecycle();
    readFiguresFrom({ sql: database.sql, outboxPosition: events.position });
    traceEventsWith(currentRequestId);
    // Colyseus's matchmaking cannot start without Redis: a process started while it is away waits.
    if (config.REDIS_URL)
      await waitForRedis(config.REDIS_URL, { seconds: config.REDIS_WAIT_SECONDS, say: (line) => log.info(line), clock });
    // Rate-limit counters live in Redis when the processes share one, else in this database.
    const counters = createCounterStore({ sql: database.sql, redisUrl: config.REDIS_URL, log });
    const limits = createLimits(counters);
    const origins = createOriginPolicy(config.PUBLIC_ORIGIN);
    const keyLimiter = createKeyRateLimiter(config.REDIS_URL);
    const trustProxy = compileTrustProxy(config.TRUST_PROXY);
    const inspectPeer = warnOfUnforwardedLoopback(log, trustProxy);
    const pushOptions = pushOptionsOf(config);
    log.info(pushOptions ? 'Web push is on' : 'Web push is off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to push notices');
    const push = { publicKey: pushOptions?.vapid.publicKey ?? null, allowLocalEndpoints: config.PUSH_ALLOW_LOCAL_ENDPOINTS };
    const app = createApp(
      { sql: database.sql, database, clock, log, events, limits, origins, world, push },
      {
        clientDir: options.clientDir,
        payments,
        keyLimiter,
        lifecycle,
        trustProxy,
        inspectPeer,
        worldReadsPerMinute: config.WORLD_READS_PER_MINUTE,
      },
    );
    const httpServer = createServer(app);
    const sockets = new Set<Socket>();
    let lastConnectionAt = 0;
    httpServer.on('connection', (socket: Socket) => {
      lastConnectionAt = Date.now();
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    const colyseus = new ColyseusServer({
      transport: new WebSocketTransport({ server: httpServer, maxPayload: MAX_CLIENT_MESSAGE_BYTES }),
      ...(config.REDIS_URL && {
        presence: withHandledRejections(new RedisPresence(openRedis(config.REDIS_URL, log, 'presence'))),
        driver: withHandledRejections(new RedisDriver(openRedis(config.REDIS_URL, log, 'matchmaking'))),
      }),
      publicAddress: config.PUBLIC_ADDRESS,
      selectProcessIdToCreateRoom: createRoomsHere,
      gracefullyShutdown: false,
      greet: false,
      logger: colyseusLogger(log),
    });
    // What this process's rooms show and deliver, written by its banner-impressions and broadcast-reach jobs.
    const impressions = new ImpressionTally();
    const reach = new ReachTally();
    defineWorldRoom(
      colyseus,
      {
        sql: database.sql,
        clock,
        log,
        events,
        chatCounter: limits.doors.chat,
        visitorJoinCounter: limits.doors.visitorJoin,
        origins,
        impressions,
        reach,
        world,
      },
      lifecycle,
      options.socketCaps,
      options.viewPacing,
    );
    await colyseus.listen(config.PORT, config.HOST);
    if (!httpServer.listening) await listen(httpServer, config.PORT, config.HOST);
    const port = (httpServer.address() as AddressInfo).port;
    const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
    origins.listeningAt(`http://${host}:${port}`);
    const unguard = guardMatchmaking(httpServer, {
      origins,
      maxBodyBytes: API_BODY_LIMIT_BYTES,
      trustProxy,
      inspectPeer,
      perAddress: limits.doors.matchmake,
      app,
    });
    const opsServer = config.OPS_PORT === undefined ? null : createServer(createOpsApp({ database, log, token: config.OPS_TOKEN }));
    if (opsServer) await listen(opsServer, config.OPS_PORT!, config.OPS_HOST);
    const opsHost = config.OPS_HOST.includes(':') ? `[${config.OPS_HOST}]` : config.OPS_HOST;
    const opsUrl = opsServer ? `http://${opsHost}:${(opsServer.address() as AddressInfo).port}` : null;
    if (opsUrl && config.OPS_TOKEN) log.info(`Operator endpoints (/metrics, /ops/backup) at ${opsUrl} with OPS_TOKEN`);
    if (opsUrl && !config.OPS_TOKEN) log.warn(`Operator endpoint /metrics at ${opsUrl}. ${BACKUP_NEEDS_TOKEN}`);
    log.info(`Browsers may call the game from: ${origins.origins.join(', ')} (PUBLIC_ORIGIN)`);
    // Without SMTP_URL nothing is dropped: each message is written to a file under DATA_DIR.
    const mailTransport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : folderTransport(join(config.DATA_DIR, 'mail'), log);
    log.info(mailTransport.description);
    const mail = {
      transport: mailTransport,
      from: config.MAIL_FROM,
      origin: origins.origins[0],
      perAddressPerHour: config.MAIL_PER_ADDRESS_PER_HOUR,
    };
    const jobs = await startJobs(
      {
        sql: database.sql,
        clock,
        log,
        housekeeping: { payments, counters },
        database,
        impressions,
        reach,
        mail,
        ...(pushOptions && { push: pushOptions }),
      },
      config,
    );
    backupsScheduled.set(config.BACKUP_CRON ? 1 : 0);

    return {
      url: `http://${host}:${port}`,
      port,
      opsUrl,
      database,
      generatedLogins: seeded.generatedLogins,
      ready: async () => {
        await world.current();
      },
      stop: async () => {
        lifecycle.drain();
        // Commands still waiting for a connection are refused now (503, Retry-After): their callers
        // retry on another process instead of holding this one past its deadline.
        admissionOf(database.sql)?.shed();
        // Closing the listener refuses new connections (a caller retries them elsewhere); the
        // requests under way finish, and each of their answers closes its connection. Only the
        // listener: http.Server#close would also drop the connections accepted a moment ago whose
        // request has not been read yet, and their callers would see a reset, not a refusal.
        await untilNoNewConnections(() => lastConnectionAt);
        Server.prototype.close.call(httpServer);
        const unfinished = await drainWithin(
          { requests: lifecycle.idle(), jobs: jobs.stop(), rooms: colyseus.gracefullyShutdown(false) },
          config.SHUTDOWN_SECONDS * 1000,
        );
        // Sockets still open now are room sockets whose close handshake a slow client has not
        // answered (they were told to go already), or requests the deadline cut off.
        httpServer.closeAllConnections();
        for (const socket of sockets) socket.destroy();
        unguard();
        opsServer?.closeAllConnections();
        await new Promise((resolve) => (opsServer ? opsServer.close(resolve) : resolve(undefined)));
        readFiguresFrom(null);
        await events.close();
        mailTransport.close();
        await counters.close();
        await keyLimiter.close();
        if (!options.database) await database.close();
        if (unfinished.length > 0) {
          throw new Error(
            `The drain did not finish within SHUTDOWN_SECONDS=${config.SHUTDOWN_SECONDS}: still waiting for ${unfinished.join(', ')}`,
          );
        }
      },
    };
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
}
