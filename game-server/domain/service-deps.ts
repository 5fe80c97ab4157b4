import type { Sql, Tx } from '../infra/db/database.ts';

/**
 * What a service function needs from the outside world; transport code passes it in. A service
 * writes inside the transaction its command or job opened (`Work`); the command or job announces
 * what changed through the outbox (scripts/boundaries.ts holds the rule).
 */
export interface ServiceDeps {
  sql: Sql;
  clock: () => Date;
}

/**
 * One command's transaction and the moment it acts at. A service function that takes it writes
 * inside the caller's transaction (the command pipeline's), so its rows, ledger lines and outbox
 * events commit together or not at all.
 */
export interface Work {
  tx: Tx;
  now: Date;
}
