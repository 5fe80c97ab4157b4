import type { PaymentStatusDto } from '../../../schema/api/payments.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { PaymentProvider } from './provider.ts';
import { paymentStatusDto, readPayment } from './records.ts';

const CANCELED_BY_PLAYER = 'Canceled by the player';

/**
 * Gives up an unpaid checkout for its player: the provider stops the payment, then the game marks
 * it canceled by its player, so a payment that gets through anyway is refunded by fulfilment. The
 * provider is asked outside any transaction (commands/handler.ts); the mark only takes a payment
 * still pending, so a settlement meanwhile stands. Answers false when the provider could no longer
 * stop it (its outcome then arrives as for any payment) or it was settled meanwhile.
 */
export async function giveUpCheckout(deps: ServiceDeps, provider: PaymentProvider, paymentId: string, message: string): Promise<boolean> {
  if (!(await provider.cancel(paymentId))) return false;
  const marked = await deps.sql`
    update payments set status = 'canceled', canceled_by_player = true, failure_message = ${message}, updated_at = ${deps.clock()}
     where id = ${paymentId} and status = 'pending'`;
  return marked.count > 0;
}

/**
 * A player backs out of a checkout they have not paid, which frees the one open broadcast checkout
 * at once (migrations/0018). Who may cancel, and whether it is still open, is checked before the
 * provider is asked.
 */
export async function cancelCheckout(
  deps: ServiceDeps,
  provider: PaymentProvider,
  paymentId: string,
  playerId: string,
): Promise<PaymentStatusDto> {
  const payment = await readPayment(deps.sql, paymentId);
  if (!payment) throw notFound('Payment not found');
  if (payment.user_id !== playerId) throw forbidden('Only the player who started this payment can cancel it');
  if (payment.status !== 'pending') throw conflict(`This payment is already ${payment.status}: it can no longer be canceled`);
  if (!(await giveUpCheckout(deps, provider, payment.id, CANCELED_BY_PLAYER))) {
    const now = await readPayment(deps.sql, paymentId);
    // Stripe's own canceled event may have settled it first: the cancel still happened.
    if (now?.status === 'canceled') return paymentStatusDto(now);
    if (now?.status !== 'pending') throw conflict(`This payment is already ${now?.status}: it can no longer be canceled`);
    throw conflict('This payment is already going through: it can no longer be canceled');
  }
  return paymentStatusDto({ ...payment, status: 'canceled', failure_message: CANCELED_BY_PLAYER, canceled_by_player: true });
}
