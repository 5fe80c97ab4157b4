import type { CommandOf } from '../../../schema/commands/index.ts';
import type { SupplyAuditDto } from '../../../schema/api/economy.ts';
import { inTransaction, type Sql } from '../../infra/db/database.ts';
import { runSupplyAudit } from '../../domain/economy/supply-audit.ts';
import { ok, type OwnTransactions } from '../handler.ts';

// An audit scans the whole ledger: one runs at a time on a database, and callers that ask meanwhile share it.
const running = new WeakMap<Sql, Promise<SupplyAuditDto>>();

/**
 * Anyone runs the economy's audit. It opens its one transaction itself only so that callers who
 * ask while one runs share that run instead of scanning the ledger again.
 */
export const runAudit: OwnTransactions<CommandOf<'economy.audit'>> = {
  inTransaction: false,
  async run(deps) {
    let audit = running.get(deps.sql);
    if (!audit) {
      audit = inTransaction(deps.sql, (tx) => runSupplyAudit({ tx, now: deps.clock() })).finally(() => running.delete(deps.sql));
      running.set(deps.sql, audit);
    }
    return ok({ last_audit: await audit });
  },
};
