import type { Database, Sql } from '../db/database.ts';
import type { EventBus } from '../events/domain-events.ts';
import type { Logger } from '../logger.ts';

/** What every router is built from; the composition root makes one. */
export interface HttpDeps {
  sql: Sql;
  database: Database;
  clock: () => Date;
  log: Logger;
  /** Where services announce committed changes, for the live rooms. */
  events: EventBus;
}
