import { RECENT_BROADCASTS, type BroadcastAllowanceDto, type BroadcastDto } from '../../../schema/api/broadcasts.ts';
import { takePage, type KeyedPage, type PageRequest } from '../../../schema/api/pages.ts';
import type { CheckoutDto } from '../../../schema/api/payments.ts';
import { BROADCAST_DAY_MS as DAY_MS, BROADCAST_PRICE_CENTS, BROADCASTS_PER_DAY } from '../../../schema/rules/store.ts';
import { broadcastDto, type BroadcastRow } from '../payments/broadcast-row.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { badInput, conflict, tooManyRequests } from '../errors.ts';
import { startCheckout } from '../payments/checkout.ts';
import { reconcilePayment, sendPaidBroadcast } from '../payments/fulfilment.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { ServiceDeps, Work } from '../service-deps.ts';
import { refuseIfMuted } from './moderation.ts';

// Open payments are checked with the provider when the webhook is late; older ones were abandoned.
const RECONCILE_WINDOW_MS = DAY_MS;

export const PAY_FIRST = 'Please pay for your broadcast before sending it';

async function sentInLastDay(sql: Queryable, senderId: string, now: Date): Promise<Date[]> {
  const rows = await sql<{ created_at: Date }[]>`
    select created_at from broadcasts where sender_id = ${senderId} and created_at > ${new Date(now.getTime() - DAY_MS)}
     order by created_at`;
  return rows.map((row) => row.created_at);
}

function limitReached(sent: Date[]): string | null {
  if (sent.length < BROADCASTS_PER_DAY) return null;
  const next = new Date(sent[0].getTime() + DAY_MS);
  return `You can send one broadcast per day. Your next one can go out after ${next.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
}

function refuseIfLimitReached(sent: Date[]): void {
  const refusal = limitReached(sent);
  if (refusal) throw tooManyRequests(refusal);
}

/** A succeeded broadcast payment of this player that no broadcast has used yet. */
async function unusedPaymentId(sql: Queryable, senderId: string, lock: boolean): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    select p.id from payments p
     where p.user_id = ${senderId} and p.purpose = 'broadcast' and p.status = 'succeeded'
       and not exists (select 1 from broadcasts b where b.payment_id = p.id)
     order by p.created_at, p.id
     limit 1 ${lock ? sql`for no key update of p` : sql``}`;
  return row?.id ?? null;
}

/** Settles the player's recent open broadcast payments with the provider, for a webhook that is late. */
async function reconcileOpenPayments(deps: ServiceDeps, provider: PaymentProvider, senderId: string): Promise<void> {
  const open = await deps.sql<{ id: string }[]>`
    select id from payments
     where user_id = ${senderId} and purpose = 'broadcast' and status in ('pending', 'failed')
       and created_at > ${new Date(deps.clock().getTime() - RECONCILE_WINDOW_MS)}
     order by created_at desc limit 3`;
  for (const { id } of open) await reconcilePayment(deps, provider, id);
}

/** docs/rules.md §4 "Broadcast flow": pay $1 first. Refused while an unused paid broadcast waits or the day's one is spent. */
export async function startBroadcastPayment(
  deps: ServiceDeps,
  provider: PaymentProvider,
  senderId: string,
  message: string,
): Promise<CheckoutDto> {
  // A muted player is refused before it pays, not after.
  await refuseIfMuted(deps.sql, senderId, deps.clock());
  refuseIfLimitReached(await sentInLastDay(deps.sql, senderId, deps.clock()));
  if (await unusedPaymentId(deps.sql, senderId, false))
    throw conflict('You have already paid for a broadcast: send it before paying again');
  await refuseIfCheckoutOpen(deps, senderId);
  try {
    const { checkout } = await startCheckout(deps, provider, {
      purpose: 'broadcast',
      amountCents: BROADCAST_PRICE_CENTS,
      userId: senderId,
      metadata: { message },
    });
    return checkout;
  } catch (error) {
    // Parallel checkouts all passed the check above; the unique index let one of them in.
    if ((error as { code?: string }).code === '23505') await refuseIfCheckoutOpen(deps, senderId);
    throw error;
  }
}

/** How long an unpaid broadcast checkout blocks a new one: a card payment takes minutes. */
export const OPEN_CHECKOUT_MINUTES = 30;

/**
 * One open broadcast checkout per player (a unique index keeps it so): a second is refused with
 * the open one's id while it is young; one left unpaid for longer is given up for the new one.
 */
async function refuseIfCheckoutOpen(deps: ServiceDeps, senderId: string): Promise<void> {
  const now = deps.clock();
  const [open] = await deps.sql<{ id: string; created_at: Date }[]>`
    select id, created_at from payments where user_id = ${senderId} and purpose = 'broadcast' and status = 'pending'`;
  if (!open) return;
  if (now.getTime() - open.created_at.getTime() < OPEN_CHECKOUT_MINUTES * 60_000) {
    throw conflict(
      `You already have an open broadcast checkout (${open.id}): pay it, or start another after ${OPEN_CHECKOUT_MINUTES} minutes`,
    );
  }
  await deps.sql`
    update payments set status = 'canceled', failure_message = 'Given up for a newer broadcast checkout', updated_at = ${now}
     where id = ${open.id} and status = 'pending'`;
}

/** Whether the player may send now: the broadcast screen's paid state, which survives a reload. */
export async function broadcastAllowance(deps: ServiceDeps, provider: PaymentProvider, senderId: string): Promise<BroadcastAllowanceDto> {
  if (!(await unusedPaymentId(deps.sql, senderId, false))) await reconcileOpenPayments(deps, provider, senderId);
  return {
    paid: (await unusedPaymentId(deps.sql, senderId, false)) !== null,
    limit_reached: limitReached(await sentInLastDay(deps.sql, senderId, deps.clock())),
  };
}

/**
 * Before a send: a player with no paid broadcast to use may have paid one whose webhook is late, so
 * its open payments are settled with the provider first (each in the settlement's own transaction).
 */
export async function settleLateBroadcastPayments(deps: ServiceDeps, provider: PaymentProvider, senderId: string): Promise<void> {
  if (!(await unusedPaymentId(deps.sql, senderId, false))) await reconcileOpenPayments(deps, provider, senderId);
}

/**
 * Sends the player's paid broadcast with a payment no broadcast has used yet (one made before
 * payments sent their broadcast), in the send command's transaction. The sender's row is locked so
 * one player's sends queue, which keeps the daily limit exact; fulfilment's sendPaidBroadcast is
 * the one write of a broadcast and of its broadcast.sent event.
 */
export async function sendWithUnusedPayment({ tx, now }: Work, senderId: string, message: string): Promise<BroadcastDto> {
  await tx`select id from users where id = ${senderId} for no key update`;
  await refuseIfMuted(tx, senderId, now);
  refuseIfLimitReached(await sentInLastDay(tx, senderId, now));
  const paymentId = await unusedPaymentId(tx, senderId, true);
  if (!paymentId) throw conflict(PAY_FIRST);
  return sendPaidBroadcast(tx, { paymentId, senderId, message }, now);
}

export async function recentBroadcasts(sql: Queryable): Promise<BroadcastDto[]> {
  return (await broadcastRows(sql, null, RECENT_BROADCASTS)).map(broadcastDto);
}

/** Where the broadcast list sorts one: its time as stored (microseconds), then its id, newest first. */
export type BroadcastKey = [createdAt: string, id: number];

/** Every broadcast still shown, newest first, a page at a time. */
export async function pageBroadcasts(sql: Queryable, page: PageRequest<BroadcastKey>): Promise<KeyedPage<BroadcastDto, BroadcastKey>> {
  const rows = await broadcastRows(sql, page.after, page.limit + 1);
  const { rows: kept, next } = takePage(rows, page.limit, (row): BroadcastKey => [row.sort_at, row.id]);
  return { rows: kept.map(broadcastDto), next };
}

async function broadcastRows(sql: Queryable, after: BroadcastKey | null, limit: number): Promise<(BroadcastRow & { sort_at: string })[]> {
  // JSON renders a timestamp with all its microseconds whatever the session's date style.
  return sql<(BroadcastRow & { sort_at: string })[]>`
    select b.id, b.sender_id, u.username as sender_name, b.message, b.paid, b.created_at, b.reach_count, b.cost_cents,
           to_json(b.created_at) #>> '{}' as sort_at
      from broadcasts b join users u on u.id = b.sender_id
     where b.removed_at is null
       ${after ? sql`and (b.created_at, b.id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
     order by b.created_at desc, b.id desc
     limit ${limit}`;
}

/**
 * Adds the clients the live rooms delivered broadcasts to. Each process adds the clients of its
 * own rooms, so several processes sharing a world add up to the whole reach.
 */
export async function recordBroadcastReach({ tx }: Work, reach: ReadonlyArray<[broadcastId: number, clients: number]>): Promise<void> {
  if (reach.some(([, clients]) => !Number.isSafeInteger(clients) || clients < 0))
    throw badInput('A reach count must be a whole number of 0 or more');
  for (const [broadcastId, clients] of reach)
    await tx`update broadcasts set reach_count = reach_count + ${clients} where id = ${broadcastId}`;
}
