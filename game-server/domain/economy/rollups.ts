import type { Queryable } from '../../infra/db/database.ts';

/** How often the daily rollups' deltas are folded into their totals (a node-cron six-field schedule). */
export const ROLLUP_FOLD_CRON = '*/10 * * * * *';

/**
 * Folds the rows that the ledger's and the trades' insert triggers appended (migration 0020) into
 * the kept daily totals, outside any command's transaction. The views read totals and deltas
 * together, so the figures are exact whenever this runs; it only keeps the deltas short. Answers
 * how many delta rows it moved (0 when another process was folding).
 */
export async function foldRollups(sql: Queryable): Promise<number> {
  const [row] = await sql<{ moved: string }[]>`select fold_rollups()::text as moved`;
  return Number(row.moved);
}
