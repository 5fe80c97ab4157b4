import type { OriginPolicy } from '../auth/origin.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/domain-events.ts';
import type { Limits } from '../limits/door-limits.ts';
import type { Logger } from '../logger.ts';
import type { ServiceDeps } from '../service-deps.ts';

/** What every router is built from; the composition root makes one. */
export interface HttpDeps extends ServiceDeps {
  database: Database;
  log: Logger;
  /** Committed events, for answers kept in memory that a change makes stale. */
  events: EventBus;
  limits: Limits;
  origins: OriginPolicy;
}
