import type { PaymentStatusDto } from '../../../schema/api/payments.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import type { Tx } from '../../infra/db/database.ts';
import { CANCELED_BY_PLAYER } from './fulfilment.ts';
import type { PaymentProvider } from './provider.ts';
import { lockPayment, paymentStatusDto } from './records.ts';

/**
 * A player backs out of a checkout they have not paid: the provider stops the payment and the game
 * marks it canceled, which frees the one open broadcast checkout at once (migrations/0018). The row
 * stays locked across the provider's short answer, as a refund in fulfilment does, so a webhook
 * settling it meanwhile waits for the outcome; a payment that gets through anyway is refunded by fulfilment.
 */
export async function cancelCheckout(
  tx: Tx,
  provider: PaymentProvider,
  paymentId: string,
  playerId: string,
  now: Date,
): Promise<PaymentStatusDto> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment) throw notFound('Payment not found');
  if (payment.user_id !== playerId) throw forbidden('Only the player who started this payment can cancel it');
  if (payment.status !== 'pending') throw conflict(`This payment is already ${payment.status}: it can no longer be canceled`);
  if (!(await provider.cancel(payment.id))) throw conflict('This payment is already going through: it can no longer be canceled');
  await tx`update payments set status = 'canceled', failure_message = ${CANCELED_BY_PLAYER}, updated_at = ${now} where id = ${payment.id}`;
  return paymentStatusDto({ ...payment, status: 'canceled', failure_message: CANCELED_BY_PLAYER });
}
