import { useState, type FormEvent } from 'react';
import { confirmSandboxPayment } from '../api.ts';
import type { PaymentFormProps } from './PaymentForm.tsx';
import { reportPaymentError, reportUnpaid } from './settle.ts';

// Card numbers of the test mode, as Stripe's own test cards: one always pays, one is always declined.
export const TEST_CARD_PAYS = '4242 4242 4242 4242';
export const TEST_CARD_DECLINED = '4000 0000 0000 0002';

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The sandbox's card form: clearly test mode, no real card is charged and no money moves. */
export function SandboxCardForm({ checkout, payLabel, onPaid }: PaymentFormProps) {
  const [card, setCard] = useState(TEST_CARD_PAYS);
  const [expiry, setExpiry] = useState('12 / 34');
  const [cvc, setCvc] = useState('123');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (digitsOf(card).length !== 16 || !/^\d{2}\s*\/\s*\d{2}$/.test(expiry.trim()) || !/^\d{3,4}$/.test(cvc.trim())) {
      setProblem('Enter a 16-digit test card number, an expiry as MM / YY and a 3 or 4 digit CVC.');
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      const result = await confirmSandboxPayment({
        paymentIntentId: checkout.paymentIntentId,
        clientSecret: checkout.clientSecret,
        outcome: digitsOf(card) === digitsOf(TEST_CARD_DECLINED) ? 'fail' : 'succeed',
        card: digitsOf(card),
      });
      if (result.status === 'succeeded') onPaid();
      else reportUnpaid(result);
    } catch {
      reportPaymentError();
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form sandbox-card" data-testid="sandbox-card-form" onSubmit={pay} noValidate>
      <p className="test-mode-banner" role="note">
        <strong>TEST MODE</strong> No real card is charged and no money moves. Use {TEST_CARD_PAYS} to pay, or {TEST_CARD_DECLINED} to see a
        decline.
      </p>
      <label className="field">
        <span>Card number</span>
        <input name="card-number" inputMode="numeric" autoComplete="off" value={card} onChange={(event) => setCard(event.target.value)} />
      </label>
      <div className="field-row">
        <label className="field">
          <span>Expiry</span>
          <input name="card-expiry" autoComplete="off" value={expiry} onChange={(event) => setExpiry(event.target.value)} />
        </label>
        <label className="field">
          <span>CVC</span>
          <input name="card-cvc" inputMode="numeric" autoComplete="off" value={cvc} onChange={(event) => setCvc(event.target.value)} />
        </label>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button className="button primary" type="submit" disabled={pending}>
        {pending ? 'Processing…' : payLabel}
      </button>
    </form>
  );
}
