import type { CheckoutDto } from '../../schema/api/payments.ts';
import { SandboxCardForm } from './SandboxCardForm.tsx';
import { StripeCardForm } from './StripeCardForm.tsx';
import './payments.css';

export interface PaymentFormProps {
  checkout: CheckoutDto;
  /** The submit button's words, e.g. 'Pay $9.99'. */
  payLabel: string;
  /** SPEC §7: where the provider sends the browser back after a redirecting payment method. */
  returnPath: string;
  /** Called once the server has a verified, succeeded payment; never on the browser's word alone. */
  onPaid: () => void;
}

/** The card step of every purchase: Stripe's Payment Element, or the sandbox's test-mode form. */
export function PaymentForm(props: PaymentFormProps) {
  return props.checkout.provider === 'stripe' ? <StripeCardForm {...props} /> : <SandboxCardForm {...props} />;
}
