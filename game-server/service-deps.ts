import type { Sql, Tx } from './db/database.ts';

/**
 * What a service function needs from the outside world; transport code passes it in. Services
 * announce what they changed through the outbox, inside their own transaction.
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
