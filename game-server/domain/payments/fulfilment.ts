import type { PaymentStatus } from '../../../schema/api/payments.ts';
import { packageSupplyMessage } from '../../../schema/rules/store.ts';
import { drkText, paymentReceived, paymentRefunded, type NoticeDraft } from '../../../schema/rules/notifications.ts';
import { noticesCreated, notify } from '../notifications/notifications.ts';
import { inTransaction, type Tx } from '../../infra/db/database.ts';
import { mint, SupplyExceededError } from '../economy/ledger.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';
import { lockPayment, readPayment, type PaymentRecord } from './records.ts';
import { emit } from '../../infra/events/outbox.ts';
import type { DomainEvent } from '../../infra/events/domain-events.ts';
import { broadcastRefusal, type BroadcastRefusal } from './broadcast-send.ts';
import type { BroadcastDto } from '../../../schema/api/broadcasts.ts';
import { broadcastDto, type BroadcastRow } from './broadcast-row.ts';
import { queueAdReceipt } from '../mail/ad-mail.ts';
import { queueMail } from '../mail/queue.ts';

// Provider events arrive late, twice, or out of order, so a payment only ever moves up this order.
// A decline can be followed by a success (the buyer tries another card), never the other way round;
// once succeeded, only our own refund moves it on.
const RANK: Record<PaymentStatus, number> = { pending: 0, failed: 1, canceled: 2, succeeded: 3, refunded: 4 };

export type Settlement =
  { outcome: 'unknown' } | { outcome: 'unchanged' | 'failed' | 'canceled' | 'fulfilled' | 'refunded'; payment: PaymentRecord };

/** What a payment gave its player, in the words of its notice and its receipt. */
function paidFor(payment: PaymentRecord): string {
  return {
    drk_package: () => `${drkText(Number(payment.metadata.drk))} added to your balance`,
    broadcast: () => 'your broadcast was sent',
    ad: () => "your ad waits for the Wanakt's review",
  }[payment.purpose]();
}

/** What a player who paid is told: a payment for a DRK package, a broadcast or an ad. */
function receivedNotice(payment: PaymentRecord): NoticeDraft[] {
  if (!payment.user_id) return [];
  return [paymentReceived(payment.user_id, paidFor(payment), payment.amount_cents)];
}

/**
 * docs/rules.md §11 "Mail", what is always sent: a receipt of a player's payment to its confirmed
 * address. An ad's receipt is its own (queueAdReceipt), with the link to its status page.
 */
async function queuePaymentReceipt(tx: Tx, payment: PaymentRecord, now: Date): Promise<void> {
  if (!payment.user_id || payment.purpose === 'ad') return;
  const [player] = await tx<{ email: string }[]>`
    select email from users where id = ${payment.user_id} and email is not null and email_verified_at is not null`;
  if (!player) return;
  const data = { what: paidFor(payment), amountCents: payment.amount_cents, paymentId: payment.id, paidAt: now.toISOString() };
  await queueMail(tx, [{ kind: 'payment_receipt', to: player.email, userId: payment.user_id, data }], now);
}

const AD_EXPIRED = 'The checkout had expired and its ad was removed, so the payment was refunded';
const AMOUNT_MISMATCH = 'The amount received does not match the price, so the payment was refunded';

const PAID_AFTER_CANCEL = 'You had canceled this checkout, so the payment was refunded';

const REFUND_OF_BROADCAST: Record<BroadcastRefusal['reason'], string> = {
  muted: 'You are muted, so a broadcast could not be sent: the payment was refunded',
  already_paid: 'You had already paid for a broadcast you have not sent: this second payment was refunded',
  day_spent: "Today's broadcast was already sent: the payment was refunded",
};

/**
 * Sends a broadcast paid by this payment to every territory, after broadcast-send.ts's
 * broadcastRefusal in the same transaction. The unique payment_id on broadcasts keeps a payment to one use.
 * Its caller announces it (`broadcast.sent`) as the last write of its transaction.
 */
export async function sendPaidBroadcast(
  tx: Tx,
  paid: { paymentId: string; senderId: string; message: string },
  now: Date,
): Promise<BroadcastDto> {
  const [row] = await tx<BroadcastRow[]>`
    with sent as (
      insert into broadcasts (sender_id, message, paid, payment_id, cost_cents, created_at)
      select ${paid.senderId}, ${paid.message}, true, id, amount_cents, ${now} from payments where id = ${paid.paymentId}
      returning *
    )
    select sent.id, sent.sender_id, u.username as sender_name, sent.message, sent.paid, sent.created_at, sent.reach_count, sent.cost_cents
      from sent join users u on u.id = sent.sender_id`;
  return broadcastDto(row);
}

/** Why a payment cannot be honoured, or nothing and the events that show what it gave. */
type Fulfilment = { refusal: string } | { refusal: null; events: DomainEvent[] };

const refused = (refusal: string): Fulfilment => ({ refusal });

/** Gives the buyer what the payment was for. */
async function fulfil(tx: Tx, payment: PaymentRecord, now: Date): Promise<Fulfilment> {
  switch (payment.purpose) {
    case 'drk_package': {
      const drk = Number(payment.metadata.drk);
      try {
        await mint(tx, payment.user_id!, { amount: drk, reason: 'drk_package', reference: payment.id }, now);
      } catch (error) {
        // The supply was checked when the purchase began; others may have bought the rest since.
        if (error instanceof SupplyExceededError) return refused(packageSupplyMessage(error.remaining, drk));
        throw error;
      }
      return { refusal: null, events: [{ type: 'balances.changed', userIds: [payment.user_id!] }] };
    }
    case 'broadcast': {
      // docs/rules.md §4 "Broadcast flow": the payment sends the message it was opened with, in
      // this transaction; one that cannot be sent is given back at once.
      const refusal = await broadcastRefusal(tx, payment.user_id!, now, payment.id);
      if (refusal !== null) return refused(REFUND_OF_BROADCAST[refusal.reason]);
      const message = String(payment.metadata.message);
      const broadcast = await sendPaidBroadcast(tx, { paymentId: payment.id, senderId: payment.user_id!, message }, now);
      return { refusal: null, events: [{ type: 'broadcast.sent', broadcast }] };
    }
    case 'ad':
      // The ad waits for the Wanakt's review; no ad waiting (an abandoned checkout's ad is cleaned
      // up) means the payment is given back. Written here rather than by ads/, which opens the
      // payment: ads/ depends on payments/, never the other way round.
      // The receipt mail is queued with it (docs/rules.md §4 "Advertise flow"); the 24 hours of the
      // review count from paid_at.
      const [moved] = await tx<{ id: number }[]>`
        update ads set status = 'in_review', paid_at = ${now} where payment_id = ${payment.id} and status = 'pending_payment' returning id`;
      if (!moved) return refused(AD_EXPIRED);
      await queueAdReceipt(tx, moved.id, now);
      return { refusal: null, events: [] };
  }
}

/**
 * The one path by which a payment's outcome reaches the game: a verified webhook, the provider's own
 * record, and the sandbox's confirmation all end here. The payment row is locked, so concurrent
 * deliveries of one event queue, and the first to succeed fulfils in the same transaction as its
 * ledger rows; every later one finds the payment settled and changes nothing.
 */
export async function settlePayment(deps: ServiceDeps, provider: PaymentProvider, event: PaymentEvent): Promise<Settlement> {
  const settlement = await inTransaction(deps.sql, async (tx): Promise<Settlement> => {
    const payment = await lockPayment(tx, event.paymentId);
    if (!payment) return { outcome: 'unknown' };
    // The card is kept whichever of the provider's events about the payment names it (docs/rules.md §10 "Fair play").
    if (event.cardFingerprint)
      await tx`update payments set card_fingerprint = ${event.cardFingerprint} where id = ${payment.id} and card_fingerprint is null`;
    if (RANK[event.status] <= RANK[payment.status]) return { outcome: 'unchanged', payment };
    const now = deps.clock();

    if (event.status !== 'succeeded') {
      await tx`update payments set status = ${event.status}, failure_message = ${event.failureMessage}, updated_at = ${now} where id = ${payment.id}`;
      return { outcome: event.status, payment: { ...payment, status: event.status, failure_message: event.failureMessage } };
    }

    const paidInFull = event.amountCents === payment.amount_cents && event.currency.toLowerCase() === 'usd';
    const canceledByPlayer = payment.status === 'canceled' && payment.canceled_by_player;
    const fulfilled = !paidInFull
      ? refused(AMOUNT_MISMATCH)
      : canceledByPlayer
        ? refused(PAID_AFTER_CANCEL)
        : await fulfil(tx, payment, now);
    if (fulfilled.refusal !== null) {
      const { refusal } = fulfilled;
      // Still inside the transaction: if the refund call fails, nothing is recorded and the
      // provider's retry comes back here. Asking the provider again never refunds twice.
      const refundId = await provider.refund(payment.id);
      await tx`
        update payments set status = 'refunded', refund_id = ${refundId}, refunded_cents = amount_cents, failure_message = ${refusal},
               updated_at = ${now}
         where id = ${payment.id}`;
      const notices = await notify(tx, payment.user_id ? [paymentRefunded(payment.user_id, payment.amount_cents, refusal)] : [], now);
      await emit(tx, ...noticesCreated(notices));
      return { outcome: 'refunded', payment: { ...payment, status: 'refunded', failure_message: refusal } };
    }
    await tx`
      update payments set status = 'succeeded', failure_message = null, fulfilled_at = ${now}, updated_at = ${now}
       where id = ${payment.id}`;
    await queuePaymentReceipt(tx, payment, now);
    // The events last, after every row the settlement writes (docs/write-path.md "One lock order").
    const notices = await notify(tx, receivedNotice(payment), now);
    await emit(tx, ...noticesCreated(notices), ...fulfilled.events);
    return { outcome: 'fulfilled', payment: { ...payment, status: 'succeeded', failure_message: null, fulfilled_at: now } };
  });
  return settlement;
}

/**
 * Asks the provider how a still-open payment stands and settles it through the same path, for when
 * the webhook is late. What the browser claims is never used: only the provider's answer counts.
 */
export async function reconcilePayment(deps: ServiceDeps, provider: PaymentProvider, paymentId: string): Promise<PaymentRecord | null> {
  const payment = await readPayment(deps.sql, paymentId);
  if (!payment || RANK[payment.status] >= RANK.canceled) return payment;
  const event = await provider.retrieve(paymentId);
  if (!event) return payment;
  await settlePayment(deps, provider, event);
  return readPayment(deps.sql, paymentId);
}
