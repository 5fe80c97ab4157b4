import type { Config } from '../../config.ts';
import { openEmbedded, openPostgres, type Database } from './database.ts';
import { waitForPostgres } from './wait-for-postgres.ts';

// Enough waiting commands to keep every connection busy through a burst, few enough that the
// last of them still starts within COMMAND_WAIT_MS at tens of milliseconds a command.
const COMMAND_QUEUE_PER_CONNECTION = 8;
// What a started command may take: tens of milliseconds in calm weather, a few seconds on a slow
// database. Past it (COMMAND_WAIT_MS + this after its request arrived, 8 s by default) it is rolled
// back and answered 503, before a player or a client with a 10-second time-out gives up on it.
const COMMAND_RUN_MS = 6000;

/** The database the configuration names: a PostgreSQL server (waited for), or else the embedded one in DATA_DIR. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_WAIT_SECONDS' | 'DATABASE_POOL_SIZE' | 'COMMAND_WAIT_MS'>,
  clock: () => Date,
  say: (line: string) => void = console.log,
): Promise<Database> {
  if (!config.DATABASE_URL) return openEmbedded({ dataDir: config.DATA_DIR });
  await waitForPostgres(config.DATABASE_URL, { seconds: config.DATABASE_WAIT_SECONDS, say, clock });
  // Two connections stay free of transactions for the plain reads (sessions, health, the relay).
  const concurrency = config.DATABASE_POOL_SIZE - 2;
  return openPostgres(config.DATABASE_URL, {
    max: config.DATABASE_POOL_SIZE,
    admission: {
      concurrency,
      queueLimit: concurrency * COMMAND_QUEUE_PER_CONNECTION,
      waitMs: config.COMMAND_WAIT_MS,
      runMs: COMMAND_RUN_MS,
    },
  });
}
