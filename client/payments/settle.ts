import type { PaymentStatus } from '../../schema/api/payments.ts';
import { read } from '../api.ts';
import { showToast } from '../state/toasts.ts';

// After the card form reports success the game still waits for the provider's own word (its webhook,
// or the server asking it), so it checks the server a few times before giving up waiting.
const CHECKS = 20;
const CHECK_INTERVAL_MS = 1000;

export interface SettledPayment {
  status: PaymentStatus;
  message: string | null;
}

export async function waitUntilSettled(paymentIntentId: string): Promise<SettledPayment> {
  let latest: SettledPayment = { status: 'pending', message: null };
  for (let check = 0; check < CHECKS; check++) {
    latest = await read('/payments/intent/:paymentId', { paymentId: paymentIntentId });
    if (latest.status !== 'pending') return latest;
    await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS));
  }
  return latest;
}

/** docs/rules.md §8: a declined or unusable payment says so with the provider's message; only success goes on. */
export function reportUnpaid({ status, message }: SettledPayment): void {
  if (status === 'refunded') {
    showToast({
      variant: 'destructive',
      title: 'Payment Refunded',
      description: message ?? 'Your payment could not be honoured and was refunded.',
    });
  } else if (status === 'pending') {
    showToast({
      title: 'Payment Pending',
      description: 'Your payment is still being confirmed. It will count as soon as the payment provider confirms it.',
    });
  } else {
    showToast({ variant: 'destructive', title: 'Payment Failed', description: message ?? 'The payment did not go through.' });
  }
}

export function reportPaymentError(): void {
  showToast({ variant: 'destructive', title: 'Error', description: 'Failed to process payment' });
}
