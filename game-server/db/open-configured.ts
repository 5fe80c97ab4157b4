import type { Config } from '../config.ts';
import { openEmbedded, openPostgres, type Database } from './database.ts';
import { waitForPostgres } from './wait-for-postgres.ts';

/** The database the configuration names: a PostgreSQL server (waited for), or else the embedded one in DATA_DIR. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_WAIT_SECONDS'>,
  clock: () => Date,
  say: (line: string) => void = console.log,
): Promise<Database> {
  if (!config.DATABASE_URL) return openEmbedded({ dataDir: config.DATA_DIR });
  await waitForPostgres(config.DATABASE_URL, { seconds: config.DATABASE_WAIT_SECONDS, say, clock });
  return openPostgres(config.DATABASE_URL);
}
