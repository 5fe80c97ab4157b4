import {
  RECENT_BROADCASTS,
  type BroadcastAllowanceDto,
  type BroadcastDto,
  type OpenBroadcastCheckoutDto,
} from '../../../schema/api/broadcasts.ts';
import { takePage, type KeyedPage, type PageRequest } from '../../../schema/api/pages.ts';
import type { CheckoutDto } from '../../../schema/api/payments.ts';
import { BROADCAST_DAY_MS as DAY_MS, BROADCAST_PRICE_CENTS, limitReached, nextBroadcastAt } from '../../../schema/rules/store.ts';
import { broadcastDto, type BroadcastRow } from '../payments/broadcast-row.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { badInput, conflict, forbidden, tooManyRequests } from '../../errors.ts';
import { startCheckout } from '../payments/checkout.ts';
import { giveUpCheckout } from '../payments/cancel-checkout.ts';
import { reconcilePayment, sendPaidBroadcast } from '../payments/fulfilment.ts';
import { broadcastRefusal, sentInLastDay, unusedBroadcastPayment, type BroadcastRefusal } from '../payments/broadcast-send.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { ServiceDeps, Work } from '../service-deps.ts';

// Open payments are checked with the provider when the webhook is late; older ones were abandoned.
const RECONCILE_WINDOW_MS = DAY_MS;

export const PAY_FIRST = 'Please pay for your broadcast before sending it';
const ALREADY_PAID = 'You have already paid for a broadcast: send it before paying again';

/** The commands' answer to a broadcast that cannot go out (payments/broadcast-send.ts decides). */
function refused(refusal: BroadcastRefusal): Error {
  switch (refusal.reason) {
    case 'muted':
      return forbidden(refusal.refusal);
    case 'day_spent':
      return tooManyRequests(limitReached(refusal.next));
    case 'already_paid':
      return conflict(ALREADY_PAID);
  }
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

/** docs/rules.md §4 "Broadcast flow": pay $1 first. Refused while muted, an unused paid broadcast waits or the day's one is spent. */
export async function startBroadcastPayment(
  deps: ServiceDeps,
  provider: PaymentProvider,
  senderId: string,
  message: string,
): Promise<CheckoutDto> {
  // A player who could not send is refused before it pays, not after; the payment's fulfilment checks again under the lock.
  const refusal = await broadcastRefusal(deps.sql, senderId, deps.clock(), null);
  if (refusal) throw refused(refusal);
  await refuseIfCheckoutOpen(deps, provider, senderId);
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
    if ((error as { code?: string }).code === '23505') await refuseIfCheckoutOpen(deps, provider, senderId);
    throw error;
  }
}

/** How long an unpaid broadcast checkout blocks a new one: a card payment takes minutes. */
export const OPEN_CHECKOUT_MINUTES = 30;
/** The broadcast screen shows the open checkout with its Resume and Cancel: the message says where. */
export const OPEN_CHECKOUT = 'You have already started paying for a broadcast: resume or cancel that payment first';

/**
 * One open broadcast checkout per player (a unique index keeps it so): a second is refused while
 * the open one is young (the screen offers to resume or cancel it); one left unpaid for longer is given up for the new one, as
 * the player's own cancel gives it up, so paying the old tab later refunds rather than sends.
 */
async function refuseIfCheckoutOpen(deps: ServiceDeps, provider: PaymentProvider, senderId: string): Promise<void> {
  const now = deps.clock();
  const [open] = await deps.sql<{ id: string; created_at: Date }[]>`
    select id, created_at from payments where user_id = ${senderId} and purpose = 'broadcast' and status = 'pending'`;
  if (!open) return;
  const young = now.getTime() - open.created_at.getTime() < OPEN_CHECKOUT_MINUTES * 60_000;
  // One being paid right now cannot be given up: its outcome arrives as for any payment.
  if (young || !(await giveUpCheckout(deps, provider, open.id, 'Given up for a newer broadcast checkout'))) {
    throw conflict(OPEN_CHECKOUT);
  }
}

/** Whether the player may send now: the broadcast screen's paid state, which survives a reload. */
export async function broadcastAllowance(deps: ServiceDeps, provider: PaymentProvider, senderId: string): Promise<BroadcastAllowanceDto> {
  // Settling a late payment sends its broadcast or refunds it, so it can change the day's limit, never `paid`.
  const paid = (await unusedBroadcastPayment(deps.sql, senderId)) !== null;
  if (!paid) await reconcileOpenPayments(deps, provider, senderId);
  const next = nextBroadcastAt(await sentInLastDay(deps.sql, senderId, deps.clock()));
  return {
    paid,
    limit_reached: next ? limitReached(next) : null,
    open_checkout: paid ? null : await openCheckout(deps, provider, senderId),
  };
}

/** The player's unpaid broadcast checkout, with what its card form needs, so leaving the page loses nothing. */
async function openCheckout(deps: ServiceDeps, provider: PaymentProvider, senderId: string): Promise<OpenBroadcastCheckoutDto | null> {
  const [open] = await deps.sql<{ id: string; amount_cents: number; message: string | null; created_at: Date }[]>`
    select id, amount_cents, metadata->>'message' as message, created_at from payments
     where user_id = ${senderId} and purpose = 'broadcast' and status = 'pending'`;
  if (!open) return null;
  const clientSecret = await provider.clientSecretOf(open.id, open.amount_cents);
  if (!clientSecret) return null;
  return {
    checkout: {
      clientSecret,
      paymentIntentId: open.id,
      provider: provider.name,
      publishableKey: provider.publishableKey,
      amountCents: open.amount_cents,
    },
    message: open.message ?? '',
    started_at: open.created_at.toISOString(),
  };
}

/**
 * Sends the player's paid broadcast with a payment no broadcast has used yet (one made before
 * payments sent their broadcast), in the send command's transaction, which announces it.
 * payments/broadcast-send.ts checks and writes it, as for a payment's own broadcast.
 */
export async function sendWithUnusedPayment({ tx, now }: Work, senderId: string, message: string): Promise<BroadcastDto> {
  const refusal = await broadcastRefusal(tx, senderId, now, null);
  if (!refusal) throw conflict(PAY_FIRST);
  if (refusal.reason !== 'already_paid') throw refused(refusal);
  return sendPaidBroadcast(tx, { paymentId: refusal.paymentId, senderId, message }, now);
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
