import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseUnavailableError } from './infra/db/wait-for-postgres.ts';
import { createLogger } from './infra/logger.ts';
import { OWNER_ONLY_UMASK, ownerOnlyFolder, writeOwnerOnly } from './infra/owner-only.ts';
import { startGameServer } from './server.ts';
import { RedisUnavailableError } from './infra/wait-for-redis.ts';

/** Where a first start keeps the logins it generated (docs/operations.md "First start"). */
const FIRST_LOGINS_FILE = 'first-logins.txt';

// The composition root: the only place that reads the environment and owns the process.
// Whatever it creates without a mode of its own (the database's files, mail, backups) is the
// owner's alone (docs/operations.md "Files").
process.umask(OWNER_ONLY_UMASK);
let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const log = createLogger(config.LOG_LEVEL);
const started = performance.now();
let server;
try {
  server = await startGameServer({ config, log });
} catch (error) {
  if (!(error instanceof DatabaseUnavailableError || error instanceof RedisUnavailableError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { database } = server;

// The address is printed once it answers a visitor at once, as /api/ready says (a million territories
// take a second or two to index); a failed load is tried again by the first visitor.
await server.ready().catch((error: unknown) => log.warn(`The world index did not load yet: ${(error as Error).message}`));
log.info(`Wanakt World is running at ${server.url} on Node ${process.version}`);
log.info(`Database: ${database.kind === 'embedded' ? `embedded PGlite in ${database.location}` : `PostgreSQL at ${database.location}`}`);
if (server.generatedLogins.length > 0) {
  const lines = server.generatedLogins.map(({ username, password }) => `  ${username} / ${password}`);
  // The request log soon scrolls these lines away: they are kept where only this account can read them.
  const kept = join(config.DATA_DIR, FIRST_LOGINS_FILE);
  await ownerOnlyFolder(config.DATA_DIR);
  await writeOwnerOnly(kept, `${lines.join('\n')}\n`);
  log.info('Seeded logins (generated now, printed only this once; set WANAKT_PASSWORD / DEMO_PASSWORD to choose them):');
  for (const line of lines) log.info(line);
  log.info(`They are also in ${kept}, readable by this account only: delete it once you have logged in.`);
}
log.info(`Started in ${Math.round(performance.now() - started)} ms`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const drainStarted = performance.now();
    log.info(`${signal}: draining, at most ${config.SHUTDOWN_SECONDS} s (SHUTDOWN_SECONDS)`);
    // The drain has its own deadline; this one catches a close that hangs after it.
    setTimeout(
      () => {
        log.error('Shutdown hung past its deadline; exiting');
        process.exit(1);
      },
      (config.SHUTDOWN_SECONDS + 10) * 1000,
    ).unref();
    server.stop().then(
      () => {
        log.info(`Stopped in ${Math.round(performance.now() - drainStarted)} ms`);
        process.exit(0);
      },
      (error) => {
        log.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  });
}
