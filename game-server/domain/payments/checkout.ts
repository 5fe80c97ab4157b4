import { randomUUID } from 'node:crypto';
import type { CheckoutDto, PaymentPurpose } from '../../../schema/api/payments.ts';
import { inTransaction, type Tx } from '../../infra/db/database.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { PaymentProvider } from './provider.ts';
import { recordPayment } from './records.ts';

export interface CheckoutInput {
  purpose: PaymentPurpose;
  amountCents: number;
  userId: string | null;
  /** Kept with the payment: what fulfilment needs to honour it (the package's DRK, the ad's id...). */
  metadata: Record<string, string | number>;
}

/**
 * Opens a payment with the provider and records it as pending, so a webhook that arrives later
 * finds it. `alsoRecord` writes what the payment is for in the same transaction. The browser gets
 * the client secret only after both are written, so nobody can pay for a payment we do not know.
 */
export async function startCheckout<T = void>(
  deps: ServiceDeps,
  provider: PaymentProvider,
  input: CheckoutInput,
  alsoRecord?: (tx: Tx, paymentId: string) => Promise<T>,
): Promise<{ checkout: CheckoutDto; recorded: T }> {
  const intent = await provider.createIntent({
    amountCents: input.amountCents,
    purpose: input.purpose,
    metadata: Object.fromEntries(Object.entries(input.metadata).map(([key, value]) => [key, String(value)])),
    // One key per checkout: the SDK's own retries of this call reuse it and create one intent.
    idempotencyKey: `checkout-${randomUUID()}`,
  });
  const recorded = await inTransaction(deps.sql, async (tx) => {
    await recordPayment(
      tx,
      {
        id: intent.id,
        provider: provider.name,
        purpose: input.purpose,
        amountCents: input.amountCents,
        userId: input.userId,
        metadata: input.metadata,
      },
      deps.clock(),
    );
    return alsoRecord ? alsoRecord(tx, intent.id) : (undefined as T);
  });
  return {
    checkout: {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      provider: provider.name,
      publishableKey: provider.publishableKey,
      amountCents: input.amountCents,
    },
    recorded,
  };
}
