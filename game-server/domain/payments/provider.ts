import type { PaymentProviderName, PaymentPurpose } from '../../../schema/api/payments.ts';

export interface CreateIntentInput {
  amountCents: number;
  purpose: PaymentPurpose;
  /** Shown beside the payment at the provider, for people reading its dashboard; never trusted back. */
  metadata: Record<string, string>;
  /** The same key twice creates one intent, so a retried request cannot charge twice. */
  idempotencyKey: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/**
 * What the provider says happened to a payment, read from a verified webhook, from the provider's
 * own record, or from the sandbox's confirmation. Fulfilment reads nothing else.
 */
export interface PaymentEvent {
  paymentId: string;
  status: 'succeeded' | 'failed' | 'canceled';
  /** What was actually received, checked against the price before anything is credited. */
  amountCents: number;
  currency: string;
  failureMessage: string | null;
  /**
   * The provider's fingerprint of the card that paid (the same for every payment with one card), when
   * it says: a season counts nothing between two accounts that paid with one card (docs/rules.md §10).
   */
  cardFingerprint?: string | null;
}

/** A webhook delivery that failed verification: a bad signature, a stale timestamp, no header. */
export class WebhookRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejectedError';
  }
}

interface ProviderBase {
  readonly name: PaymentProviderName;
  /** What the browser needs to load the provider's card form; null when it needs nothing. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The provider's current view of a payment, or null while it has nothing final to say. */
  retrieve(paymentId: string): Promise<PaymentEvent | null>;
  /**
   * Gives the payment back, the whole of it or `amountCents` of it (an ad that ended short), once
   * however often it is asked. Answers the refund's id.
   */
  refund(paymentId: string, amountCents?: number): Promise<string>;
  /**
   * Stops an unpaid payment so no card can pay it any more. Answers false when it can no longer be
   * stopped (already paid, or being paid): its outcome then arrives as for any payment.
   */
  cancel(paymentId: string): Promise<boolean>;
  /**
   * The client secret of an open payment, for the card form its player comes back to; null when no
   * card can pay it any more.
   */
  clientSecretOf(paymentId: string, amountCents: number): Promise<string | null>;
}

export interface StripePaymentProvider extends ProviderBase {
  readonly name: 'stripe';
  /** Reads the event of a signed webhook delivery; null for an event that does not concern a payment's outcome. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, receivedAt: Date): PaymentEvent | null;
}

export interface SandboxPaymentProvider extends ProviderBase {
  readonly name: 'sandbox';
  /** The test-mode card form's confirmation, standing in for the card network and the webhook. */
  confirm(paymentIntentId: string, clientSecret: string, outcome: 'succeed' | 'fail', card?: string): PaymentEvent;
}

export type PaymentProvider = StripePaymentProvider | SandboxPaymentProvider;
