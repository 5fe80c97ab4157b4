import type { Sql } from './db/database.ts';
import type { EventBus } from './events/domain-events.ts';

/** What a service function needs from the outside world; transport code passes it in. */
export interface ServiceDeps {
  sql: Sql;
  events: EventBus;
  clock: () => Date;
}
