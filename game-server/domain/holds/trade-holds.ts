import { TRADE_HOLD_MS, tradeHoldMessage, type TradeHold, type TradeHoldReason } from '../../../schema/rules/trade-holds.ts';
import type { TradeHoldEntryDto } from '../../../schema/api/desk.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { recordAudit } from '../audit/audit-log.ts';

// docs/rules.md §4 "Trade holds": placed by the change that may mean a stolen account, checked by
// every command that passes land or DRK to someone else, lifted by the Wanakt's desk.

/** Holds the account's trades for a day from now: a later change moves the end, never earlier. */
export async function placeTradeHold(tx: Tx, userId: string, reason: TradeHoldReason, now: Date): Promise<void> {
  const until = new Date(now.getTime() + TRADE_HOLD_MS);
  await tx`
    update users set trade_hold_until = ${until}, trade_hold_reason = ${reason}
     where id = ${userId} and (trade_hold_until is null or trade_hold_until < ${until})`;
}

/** The account's hold in force at `now`, or null. */
export async function tradeHoldOf(sql: Queryable, userId: string, now: Date): Promise<TradeHold | null> {
  const [row] = await sql<HoldColumns[]>`select trade_hold_reason, trade_hold_until from users where id = ${userId}`;
  return row ? holdInForce(row, now) : null;
}

/** A user row's hold columns, as read with the row by whoever reads it anyway (the account answer). */
export interface HoldColumns {
  trade_hold_reason: TradeHoldReason | null;
  trade_hold_until: Date | null;
}

/** The hold those columns hold at `now`: none once its day is over. */
export function holdInForce(row: HoldColumns, now: Date): TradeHold | null {
  if (row.trade_hold_reason === null || row.trade_hold_until === null || row.trade_hold_until <= now) return null;
  return { reason: row.trade_hold_reason, until: row.trade_hold_until.toISOString() };
}

/** Refuses what a held account may not do (`action`, as the player is told: "give land away"). */
export async function refuseWhileHeld(sql: Queryable, userId: string, now: Date, action: string): Promise<void> {
  const hold = await tradeHoldOf(sql, userId, now);
  if (hold) throw conflict(tradeHoldMessage(hold, action));
}

/** Accounts under a hold now, the latest placed first: the desk's list. */
export async function tradeHolds(sql: Queryable, now: Date): Promise<TradeHoldEntryDto[]> {
  const rows = await sql<{ user_id: string; username: string; reason: TradeHoldReason; until: Date }[]>`
    select id as user_id, username, trade_hold_reason as reason, trade_hold_until as until
      from users where trade_hold_until > ${now} order by trade_hold_until desc limit 200`;
  return rows.map((row) => ({ ...row, until: row.until.toISOString() }));
}

/** The desk ends a hold at once, with an audit line that says whose and why it was placed. */
export async function liftTradeHold(tx: Tx, actorId: string, userId: string, now: Date): Promise<{ message: string }> {
  const [user] = await tx<{ username: string; reason: TradeHoldReason | null; held: boolean }[]>`
    select username, trade_hold_reason as reason, coalesce(trade_hold_until > ${now}, false) as held from users where id = ${userId} for no key update`;
  if (!user) throw notFound('User not found');
  if (!user.held) throw conflict(`${user.username}'s trades are not on hold`);
  await tx`update users set trade_hold_until = null, trade_hold_reason = null where id = ${userId}`;
  await recordAudit(tx, { actorId, action: 'lift_hold', subject: user.username, details: { userId, reason: user.reason }, at: now });
  return { message: `${user.username}'s trades are no longer on hold` };
}
