import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { type PaymentEvent, type StripePaymentProvider, WebhookRejectedError } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** A local fake or stripe-mock instead of api.stripe.com. */
  apiUrl?: string;
}

// The states in which a card form can still pay an intent.
const OPEN_STATES = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action']);

const OUTCOME_OF_EVENT: Record<string, PaymentEvent['status']> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
};

// The card's fingerprint is on the charge: expanded when the game asks for the intent, and in a
// charge.succeeded event, which settles its payment as payment_intent.succeeded does.
const fingerprintOf = (charge: string | Stripe.Charge | null): string | null =>
  typeof charge === 'object' ? (charge?.payment_method_details?.card?.fingerprint ?? null) : null;

function chargeEvent(charge: Stripe.Charge): PaymentEvent | null {
  const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentId) return null;
  return {
    paymentId,
    status: 'succeeded',
    amountCents: charge.amount_captured,
    currency: charge.currency,
    failureMessage: null,
    cardFingerprint: fingerprintOf(charge),
  };
}

function eventOf(intent: Stripe.PaymentIntent, status: PaymentEvent['status']): PaymentEvent {
  return {
    cardFingerprint: fingerprintOf(intent.latest_charge),
    paymentId: intent.id,
    status,
    amountCents: status === 'succeeded' ? intent.amount_received : intent.amount,
    currency: intent.currency,
    failureMessage:
      status === 'succeeded'
        ? null
        : (intent.last_payment_error?.message ?? (status === 'canceled' ? 'The payment was canceled' : 'The payment failed')),
  };
}

// An intent waiting for a new payment method after a decline carries the decline as its last error.
function finalOutcome(intent: Stripe.PaymentIntent): PaymentEvent['status'] | null {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'canceled') return 'canceled';
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  return null;
}

function connection(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function createStripeProvider(settings: StripeSettings): StripePaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...connection(settings.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Wanakt World' },
  });

  async function refundOf(paymentId: string): Promise<string | null> {
    const refunds = await stripe.refunds.list({ payment_intent: paymentId, limit: 10 });
    return refunds.data.find((refund) => refund.status !== 'failed' && refund.status !== 'canceled')?.id ?? null;
  }

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent({ amountCents, purpose, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          metadata: { ...metadata, purpose },
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieve(paymentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
      const outcome = finalOutcome(intent);
      return outcome ? eventOf(intent, outcome) : null;
    },

    // Stripe stores the answer of a keyed request, a 500 included, so a key fixed per payment could
    // never be retried after one. Each attempt gets its own key (which still covers the SDK's own
    // retries); a refund that already exists is reused, and Stripe refuses to refund more than was paid.
    async refund(paymentId, amountCents) {
      const existing = await refundOf(paymentId);
      if (existing) return existing;
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
          { idempotencyKey: `refund-${paymentId}-${randomUUID()}` },
        );
        return refund.id;
      } catch (error) {
        const raced = (error as { code?: string }).code === 'charge_already_refunded' ? await refundOf(paymentId) : null;
        if (raced) return raced;
        throw error;
      }
    },

    // Stripe refuses to cancel an intent that succeeded or is processing (its webhook then settles
    // it), and one already canceled: the intent's own status tells which.
    async cancel(paymentId) {
      try {
        await stripe.paymentIntents.cancel(paymentId);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw error;
        return (await stripe.paymentIntents.retrieve(paymentId)).status === 'canceled';
      }
    },

    async clientSecretOf(paymentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      return OPEN_STATES.has(intent.status) ? intent.client_secret : null;
    },

    verifyWebhook(rawBody, signature, receivedAt) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          settings.webhookSecret,
          undefined,
          undefined,
          receivedAt.getTime(),
        );
      } catch (error) {
        throw new WebhookRejectedError(error instanceof Error ? error.message : 'The webhook signature could not be verified');
      }
      if (event.type === 'charge.succeeded') return chargeEvent(event.data.object);
      const outcome = OUTCOME_OF_EVENT[event.type];
      if (!outcome) return null;
      return eventOf(event.data.object as Stripe.PaymentIntent, outcome);
    },
  };
}
