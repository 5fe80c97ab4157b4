import type { OriginPolicy } from '../../domain/auth/origin.ts';
import type { LiveWorldIndex } from '../../domain/world/live-world-index.ts';
import type { Database } from '../../infra/db/database.ts';
import type { EventBus } from '../../infra/events/domain-events.ts';
import type { Limits } from '../../infra/limits/door-limits.ts';
import type { Logger } from '../../infra/logger.ts';
import type { PushServer } from '../../domain/push/push-settings.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';

/** What every router is built from; the composition root makes one. */
export interface HttpDeps extends ServiceDeps {
  database: Database;
  log: Logger;
  /** Committed events, for answers kept in memory that a change makes stale. */
  events: EventBus;
  limits: Limits;
  origins: OriginPolicy;
  /** Where every territory is: the map's views and the room's read it (live-world-index.ts). */
  world: LiveWorldIndex;
  /** Whether the server pushes notices (its VAPID public key); absent: it does not. */
  push?: PushServer;
}
