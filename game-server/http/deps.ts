import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { ServiceDeps } from '../service-deps.ts';

/** What every router is built from; the composition root makes one. */
export interface HttpDeps extends ServiceDeps {
  database: Database;
  log: Logger;
}
