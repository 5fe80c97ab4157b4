import type { PaymentStatusDto, SandboxConfirmBody, SandboxConfirmDto } from '../../../schema/api/payments.ts';
import { badInput, forbidden, notFound, unauthenticated } from '../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { reconcilePayment, settlePayment, type Settlement } from './fulfilment.ts';
import { WebhookRejectedError, type PaymentProvider } from './provider.ts';
import { paymentStatusDto, readPayment } from './records.ts';

/** A webhook delivery: verified against the signing secret and the clock, then settled. */
export async function receiveWebhook(
  deps: ServiceDeps,
  provider: PaymentProvider,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<Settlement | null> {
  if (provider.name !== 'stripe') throw notFound('This game runs the payment sandbox and takes no webhooks');
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature, deps.clock());
  } catch (error) {
    if (error instanceof WebhookRejectedError) throw badInput(`Webhook rejected: ${error.message}`);
    throw error;
  }
  return event ? settlePayment(deps, provider, event) : null;
}

/**
 * The sandbox's card form confirming: settled through the very path a verified webhook takes. The
 * client secret proves the browser started this checkout; a player's payment also needs that
 * player's session, so a leaked or replayed secret mints nothing for anyone else. An advertiser's
 * payment has no account, and its secret (returned once, to the browser that asked) is the proof.
 */
export async function confirmSandboxPayment(
  deps: ServiceDeps,
  provider: PaymentProvider,
  body: SandboxConfirmBody,
  viewerId: string | null,
): Promise<SandboxConfirmDto> {
  if (provider.name !== 'sandbox') throw notFound('Test-mode payments are off: this game takes card payments through Stripe');
  const event = provider.confirm(body.paymentIntentId, body.clientSecret, body.outcome, body.card);
  const payment = await readPayment(deps.sql, body.paymentIntentId);
  if (payment?.status === 'canceled') throw badInput('This test payment has expired. Please start the payment again.');
  if (payment?.user_id) {
    if (viewerId === null) throw unauthenticated('Please log in as the player who started this payment');
    if (viewerId !== payment.user_id) throw forbidden('Only the player who started this payment can confirm it');
  }
  const settlement = await settlePayment(deps, provider, event);
  if (settlement.outcome === 'unknown') throw notFound('Payment not found');
  const settled = (await readPayment(deps.sql, body.paymentIntentId))!;
  return { status: settled.status, message: settled.failure_message };
}

/**
 * How a payment stands, for the screen that waits on it. An open payment is checked with the
 * provider first. A player's payment is visible to that player only; an advertiser's (no account)
 * to whoever holds its id.
 */
export async function paymentStatus(
  deps: ServiceDeps,
  provider: PaymentProvider,
  paymentId: string,
  viewerId: string | null,
): Promise<PaymentStatusDto> {
  const payment = await readPayment(deps.sql, paymentId);
  if (!payment || (payment.user_id !== null && payment.user_id !== viewerId)) throw notFound('Payment not found');
  return paymentStatusDto((await reconcilePayment(deps, provider, paymentId))!);
}
