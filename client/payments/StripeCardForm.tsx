import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PaymentFormProps } from './PaymentForm.tsx';
import { reportPaymentError, reportUnpaid, waitUntilSettled } from './settle.ts';

interface Loaded {
  stripe: Stripe;
  elements: StripeElements;
}

/** Stripe's Payment Element, mounted for this payment's client secret. */
export function StripeCardForm({ checkout, payLabel, returnPath, onPaid }: PaymentFormProps) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | undefined;
    (async () => {
      try {
        // docs/rules.md §8: without Stripe.js the payment cannot be taken ('Stripe not loaded').
        // The pure entry adds Stripe's script only when loadStripe is called, not on import.
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = checkout.publishableKey ? await loadStripe(checkout.publishableKey) : null;
        if (!stripe) throw new Error('Stripe not loaded');
        if (cancelled || !mountPoint.current) return;
        const elements = stripe.elements({ clientSecret: checkout.clientSecret, appearance: { theme: 'night' } });
        const element = elements.create('payment');
        element.mount(mountPoint.current);
        unmount = () => element.destroy();
        setLoaded({ stripe, elements });
      } catch {
        if (cancelled) return;
        setUnavailable(true);
        reportPaymentError();
      }
    })();
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [checkout.clientSecret, checkout.publishableKey]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!loaded) return;
    setPending(true);
    try {
      const result = await loaded.stripe.confirmPayment({
        elements: loaded.elements,
        confirmParams: { return_url: `${window.location.origin}${returnPath}` },
        redirect: 'if_required',
      });
      if (result.error) {
        reportUnpaid({ status: 'failed', message: result.error.message ?? null });
        return;
      }
      const settled = await waitUntilSettled(checkout.paymentIntentId);
      if (settled.status === 'succeeded') onPaid();
      else reportUnpaid(settled);
    } catch {
      reportPaymentError();
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form" data-testid="stripe-card-form" onSubmit={pay}>
      <div ref={mountPoint} className="stripe-element" />
      {unavailable && (
        <p className="form-error" role="alert">
          Card payments could not be loaded. Please check your connection and try again.
        </p>
      )}
      <button className="button primary" type="submit" disabled={!loaded || pending}>
        {pending ? 'Processing…' : payLabel}
      </button>
    </form>
  );
}
