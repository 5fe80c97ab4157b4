import { shortOfDrk } from '../../../schema/rules/market.ts';
import { conflict, GameError, notFound } from '../../errors.ts';
import type { Tx } from '../../infra/db/database.ts';
import type { LedgerReason } from '../../../schema/api/statement.ts';
import { formatDrk } from '../../../schema/format.ts';

export type { LedgerReason } from '../../../schema/api/statement.ts';

export interface Movement {
  amount: number;
  reason: LedgerReason;
  territoryId?: number | null;
  /** What caused it, such as a payment id, so a movement can be traced and never repeated. */
  reference?: string | null;
}

// Both refusals are 409s with docs/rules.md's wording, so a caller that has nothing to add lets them through.
export class InsufficientBalanceError extends GameError {
  readonly needed: number;
  readonly available: number;

  constructor(needed: number, available: number) {
    super(409, shortOfDrk(needed, available));
    this.needed = needed;
    this.available = available;
    this.name = 'InsufficientBalanceError';
  }
}

export class SupplyExceededError extends GameError {
  readonly requested: number;
  readonly remaining: number;

  constructor(requested: number, remaining: number) {
    super(409, `Only ${formatDrk(remaining)} remaining in supply. Cannot mint ${formatDrk(requested)}.`);
    this.requested = requested;
    this.remaining = remaining;
    this.name = 'SupplyExceededError';
  }
}

// Every line is stamped `at`, the game's clock of the command or job that moves the DRK (its
// `work.now`), never the database's: the away summary and the digests cut the ledger by the game's
// time (docs/design.md "One clock").

function assertWholePositive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`A DRK amount must be a whole number above 0, got ${amount}`);
}

/**
 * Creates DRK for `to`. The cap is enforced by the same UPDATE that raises the supply, so
 * concurrent mints queue on the supply row and the last one that would pass the cap is refused.
 * Must run inside the caller's transaction.
 */
export async function mint(tx: Tx, to: string, movement: Movement, at: Date): Promise<void> {
  assertWholePositive(movement.amount);
  const raised = await tx`
    update currency_supply
       set total_supply = total_supply + ${movement.amount},
           circulating_supply = circulating_supply + ${movement.amount}
     where id and total_supply + ${movement.amount} <= max_supply
    returning total_supply`;
  if (raised.length === 0) {
    const [supply] = await tx<{ remaining: string }[]>`select (max_supply - total_supply)::text as remaining from currency_supply`;
    throw new SupplyExceededError(movement.amount, Number(supply.remaining));
  }
  const credited = await tx`update users set drk_balance = drk_balance + ${movement.amount} where id = ${to} returning id`;
  if (credited.length === 0) throw notFound('User not found');
  await tx`
    insert into ledger (reason, from_user_id, to_user_id, amount, territory_id, reference, created_at)
    values (${movement.reason}, null, ${to}, ${movement.amount}, ${movement.territoryId ?? null}, ${movement.reference ?? null}, ${at})`;
}

/** One mint of a batch: what `mint` creates for `to`. */
export interface Mint extends Movement {
  to: string;
}

/**
 * Creates DRK for many accounts at once, as `mint` would one by one: the supply rises by the sum
 * (refused whole if that passes the cap), the accounts are locked in id order and each credited its
 * sum, and every mint is a ledger line of its own. Three statements for a run's batch of thousands,
 * not three per mint. Must run inside the caller's transaction.
 */
export async function mintMany(tx: Tx, mints: readonly Mint[], at: Date): Promise<void> {
  if (mints.length === 0) return;
  const credits = new Map<string, number>();
  for (const entry of mints) {
    assertWholePositive(entry.amount);
    credits.set(entry.to, (credits.get(entry.to) ?? 0) + entry.amount);
  }
  const total = mints.reduce((sum, entry) => sum + entry.amount, 0);
  const raised = await tx`
    update currency_supply
       set total_supply = total_supply + ${total}, circulating_supply = circulating_supply + ${total}
     where id and total_supply + ${total} <= max_supply
    returning total_supply`;
  if (raised.length === 0) {
    const [supply] = await tx<{ remaining: string }[]>`select (max_supply - total_supply)::text as remaining from currency_supply`;
    throw new SupplyExceededError(total, Number(supply.remaining));
  }
  const ids = [...credits.keys()].sort();
  if ((await lockAccounts(tx, ids)) !== ids.length) throw notFound('User not found');
  await tx`
    update users u set drk_balance = u.drk_balance + c.amount
      from unnest(${ids}::text[], ${ids.map((id) => credits.get(id)!)}::bigint[]) as c (id, amount)
     where u.id = c.id`;
  await tx`
    insert into ledger (reason, from_user_id, to_user_id, amount, territory_id, reference, created_at)
    select reason, null, to_user_id, amount, territory_id, reference, ${at}::timestamptz
      from unnest(${mints.map((entry) => entry.reason)}::text[], ${mints.map((entry) => entry.to)}::text[],
                  ${mints.map((entry) => entry.amount)}::bigint[], ${mints.map((entry) => entry.territoryId ?? null)}::int[],
                  ${mints.map((entry) => entry.reference ?? null)}::text[]) as m (reason, to_user_id, amount, territory_id, reference)`;
}

/**
 * Takes the row locks of these accounts in id order (docs/write-path.md), before any of them is paid
 * or charged, so two writers paying the same accounts queue instead of deadlocking; answers how
 * many of them exist.
 */
export async function lockAccounts(tx: Tx, ids: readonly string[]): Promise<number> {
  const sorted = [...new Set(ids)].sort();
  return (await tx`select id from users where id in ${tx(sorted)} order by id for no key update`).length;
}

/**
 * Moves DRK between two accounts. Both rows are locked in id order, so two transfers in opposite
 * directions cannot deadlock. Must run inside the caller's transaction.
 */
export async function transfer(tx: Tx, from: string, to: string, movement: Movement, at: Date): Promise<void> {
  assertWholePositive(movement.amount);
  if (from === to) throw conflict('Cannot transfer DRK to the same account');
  const ids = [from, to].sort();
  const rows = await tx<{ id: string; drk_balance: string }[]>`
    select id, drk_balance::text from users where id in ${tx(ids)} order by id for no key update`;
  const payer = rows.find((row) => row.id === from);
  if (!payer || !rows.some((row) => row.id === to)) throw notFound('User not found');
  const available = Number(payer.drk_balance);
  if (available < movement.amount) throw new InsufficientBalanceError(movement.amount, available);
  await tx`update users set drk_balance = drk_balance - ${movement.amount} where id = ${from}`;
  await tx`update users set drk_balance = drk_balance + ${movement.amount} where id = ${to}`;
  await tx`
    insert into ledger (reason, from_user_id, to_user_id, amount, territory_id, reference, created_at)
    values (${movement.reason}, ${from}, ${to}, ${movement.amount}, ${movement.territoryId ?? null}, ${movement.reference ?? null}, ${at})`;
}
