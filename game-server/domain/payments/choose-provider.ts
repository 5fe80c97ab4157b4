import type { Config } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** Stripe when its three keys are set (config refuses some without the others), the sandbox otherwise. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PUBLISHABLE_KEY) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createSandboxProvider();
}

/** The start-up line that makes running without real payments a visible choice. */
export function describePaymentProvider(provider: PaymentProvider, config: Config): string {
  if (provider.name === 'stripe') {
    const mode = config.STRIPE_SECRET_KEY?.startsWith('sk_live_') ? 'live' : 'test';
    return `Payments: Stripe (${mode} keys${config.STRIPE_API_URL ? `, API at ${config.STRIPE_API_URL}` : ''})`;
  }
  return 'Payments: SANDBOX test mode, no real money moves (set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY for Stripe)';
}
