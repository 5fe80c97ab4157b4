import type { Config } from '../../config.ts';
import { openEmbedded, openPostgres, type Database } from './database.ts';
import { waitForPostgres } from './wait-for-postgres.ts';

// Enough waiting commands to keep every connection busy through a burst, few enough that the
// last of them still starts within COMMAND_WAIT_MS at tens of milliseconds a command.
const COMMAND_QUEUE_PER_CONNECTION = 8;

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
    admission: { concurrency, queueLimit: concurrency * COMMAND_QUEUE_PER_CONNECTION, waitMs: config.COMMAND_WAIT_MS },
  });
}
