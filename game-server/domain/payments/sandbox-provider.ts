import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { badInput } from '../../errors.ts';
import type { PaymentEvent, SandboxPaymentProvider } from './provider.ts';

/** The provider's message for a declined test card, worded as Stripe words a generic decline. */
export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined. (Test mode: no money moved.)';

const EXPIRED = 'This test payment is unknown or has expired. Please start the payment again.';

/**
 * Test mode without any payment provider: no money moves. The client secret carries the intent's
 * amount, signed with a key of this process, so only the browser that received it can confirm the
 * payment (as with a real card form) and nothing needs to be remembered. A restart forgets the key:
 * a checkout left open across it has to start again.
 */
export function createSandboxProvider(): SandboxPaymentProvider {
  const key = randomBytes(32);
  const sign = (id: string, amountCents: number) => createHmac('sha256', key).update(`${id}:${amountCents}`).digest('base64url');

  const secretOf = (id: string, amountCents: number) => `${id}_secret_${amountCents}_${sign(id, amountCents)}`;

  function amountIn(paymentIntentId: string, clientSecret: string): number {
    const match = /^(.+)_secret_(\d{1,9})_([\w-]+)$/.exec(clientSecret);
    if (!match || match[1] !== paymentIntentId) throw badInput(EXPIRED);
    const amountCents = Number(match[2]);
    const expected = Buffer.from(sign(paymentIntentId, amountCents));
    const given = Buffer.from(match[3]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badInput(EXPIRED);
    return amountCents;
  }

  return {
    name: 'sandbox',
    publishableKey: null,

    async createIntent({ amountCents }) {
      const id = `sandbox_pi_${randomUUID().replaceAll('-', '')}`;
      return { id, clientSecret: secretOf(id, amountCents) };
    },

    // The secret is the signature of the id and amount: the same again, while this process keeps its key.
    async clientSecretOf(paymentId, amountCents) {
      return secretOf(paymentId, amountCents);
    },

    // The sandbox keeps no record: only the test card form's confirmation says what happened.
    async retrieve() {
      return null;
    },

    async refund(paymentId) {
      return paymentId.replace(/^sandbox_pi_/, 'sandbox_re_');
    },

    // Nothing to stop: the card form's confirmation of a canceled payment is refused (payments/receive.ts).
    async cancel() {
      return true;
    },

    // A test card's number stands for its card: one number, one fingerprint, as the provider's.
    confirm(paymentIntentId, clientSecret, outcome, card): PaymentEvent {
      return {
        cardFingerprint: card ? createHash('sha256').update(`sandbox card ${card}`).digest('base64url').slice(0, 27) : null,
        paymentId: paymentIntentId,
        status: outcome === 'succeed' ? 'succeeded' : 'failed',
        amountCents: amountIn(paymentIntentId, clientSecret),
        currency: 'usd',
        failureMessage: outcome === 'succeed' ? null : SANDBOX_DECLINE_MESSAGE,
      };
    },
  };
}
