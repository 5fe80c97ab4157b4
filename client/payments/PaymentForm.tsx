import { lazy, Suspense } from 'react';
import type { CheckoutDto } from '../../schema/api/payments.ts';
import { SandboxCardForm } from './SandboxCardForm.tsx';
import './payments.css';

// Stripe's form (and through it Stripe.js) is fetched only when Stripe takes the payment.
const StripeCardForm = lazy(() => import('./StripeCardForm.tsx').then((module) => ({ default: module.StripeCardForm })));

export interface PaymentFormProps {
  checkout: CheckoutDto;
  /** The submit button's words, e.g. 'Pay $9.99'. */
  payLabel: string;
  /** docs/rules.md §7: where the provider sends the browser back after a redirecting payment method. */
  returnPath: string;
  /** Called once the server has a verified, succeeded payment; never on the browser's word alone. */
  onPaid: () => void;
}

/** The card step of every purchase: Stripe's Payment Element, or the sandbox's test-mode form. */
export function PaymentForm(props: PaymentFormProps) {
  if (props.checkout.provider !== 'stripe') return <SandboxCardForm {...props} />;
  return (
    <Suspense fallback={<p className="route-loading">Loading the card form…</p>}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}
