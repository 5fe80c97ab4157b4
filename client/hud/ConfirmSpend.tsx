import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDrk } from '../format.ts';

interface ConfirmSpendProps {
  /** What is about to happen, in a sentence. */
  what: ReactNode;
  /** The DRK that leaves the player's balance, or null when none does (a mint, a card payment). */
  cost: number | null;
  balance: number | null;
  /** Who pays when it is not the signed-in player (the Wanakt assigning a territory for a price): their name. */
  payer?: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/**
 * The step between choosing a spend and making it: what it costs, what is left, and a
 * button that says what it does. A short balance says how much is missing and where to buy DRK.
 */
export function ConfirmSpend({ what, cost, balance, payer, confirmLabel, pending, onConfirm, onBack }: ConfirmSpendProps) {
  const missing = cost !== null && balance !== null ? Math.max(0, cost - balance) : 0;
  const whose = payer === undefined ? 'Your' : `${payer}'s`;
  return (
    <div className="confirm-spend" role="group" aria-label="Confirm" data-testid="confirm-spend">
      <p>{what}</p>
      {cost !== null && balance !== null && missing === 0 && (
        <p className="muted small">
          {whose} balance goes from {formatDrk(balance)} to {formatDrk(balance - cost)}.
        </p>
      )}
      {missing > 0 && (payer === undefined ? <Shortfall missing={missing} /> : <PayerShortfall payer={payer} missing={missing} />)}
      <div className="modal-actions">
        <button className="button" type="button" onClick={onBack} disabled={pending}>
          Back
        </button>
        <button className="button primary" type="button" onClick={onConfirm} disabled={pending || missing > 0}>
          {pending ? 'Working…' : confirmLabel}
        </button>
      </div>
    </div>
  );
}

/** How much DRK a spend lacks, and the way to the store; `id` for the disabled button it explains. */
export function Shortfall({ missing, id }: { missing: number; id?: string }) {
  return (
    <p className="form-error" role="status" data-testid="shortfall" id={id}>
      You need {formatDrk(missing)} more. <Link to="/drk-store">Buy DRK</Link>
    </p>
  );
}

/** Another player's balance is short: the server refuses the spend, and only they can buy the DRK. */
function PayerShortfall({ payer, missing }: { payer: string; missing: number }) {
  return (
    <p className="form-error" role="status" data-testid="shortfall">
      {payer} cannot pay: they need {formatDrk(missing)} more.
    </p>
  );
}
