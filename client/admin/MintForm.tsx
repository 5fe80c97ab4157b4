import { useState, type FormEvent } from 'react';
import { formatDrk } from '../format.ts';
import { mintBadge, type MintBadge } from '../forms/mint.ts';
import { ConfirmSpend } from '../hud/ConfirmSpend.tsx';
import { Combobox } from './Combobox.tsx';
import { parseWholeDrk } from '../../schema/api/typed-amounts.ts';

export interface Recipient {
  id: string;
  username: string;
}

interface MintFormProps {
  remaining: number;
  recipients: readonly Recipient[];
  /** Resolves when the server minted; the form then clears the amount. */
  onMint: (amount: number, recipientId: string) => Promise<boolean>;
}

const BADGE_TONE: Record<MintBadge, string> = {
  'VALID AMOUNT': 'good',
  'EXCEEDS SUPPLY': 'bad',
  'INVALID AMOUNT': 'bad',
};

// docs/rules.md §5 "Mint": the badge judges the amount as it is typed; Mint stays off until it is valid.
export function MintForm({ remaining, recipients, onMint }: MintFormProps) {
  const [amount, setAmount] = useState('');
  const [recipientId, setRecipientId] = useState('');
  const [pending, setPending] = useState(false);
  // What the confirmation asks about, fixed when Mint is pressed: editing the fields meanwhile does not change what it mints.
  const [confirming, setConfirming] = useState<{ amount: number; recipientId: string; recipientName: string } | null>(null);
  const badge = mintBadge(amount, remaining);
  const ready = badge === 'VALID AMOUNT' && recipientId !== '' && !pending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = parseWholeDrk(amount);
    if (!ready || value === null) return;
    const recipientName = recipients.find((recipient) => recipient.id === recipientId)?.username ?? 'the recipient';
    setConfirming({ amount: value, recipientId, recipientName });
  }

  async function mint(asked: { amount: number; recipientId: string }) {
    setPending(true);
    try {
      if (await onMint(asked.amount, asked.recipientId)) setAmount('');
    } finally {
      setPending(false);
      setConfirming(null);
    }
  }

  return (
    <form className="panel card stack" data-testid="mint-form" onSubmit={submit} noValidate>
      <h2>Mint DRK</h2>
      <p className="muted">New DRK enters circulation in the recipient's balance. At most {formatDrk(remaining)} can still be minted.</p>
      <label className="field">
        <span>Amount (DRK)</span>
        <input
          name="amount"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          placeholder="e.g. 1000"
        />
      </label>
      {badge && (
        <span className="badge" data-tone={BADGE_TONE[badge]} data-testid="mint-badge">
          {badge}
        </span>
      )}
      <Combobox
        label="Recipient"
        placeholder="Type a player's name…"
        options={recipients.map((recipient) => ({ value: recipient.id, label: recipient.username }))}
        value={recipientId}
        onChange={setRecipientId}
      />
      {confirming ? (
        <ConfirmSpend
          what={`Mint ${formatDrk(confirming.amount)} into ${confirming.recipientName}'s balance? New DRK adds to the supply for good.`}
          cost={null}
          balance={null}
          confirmLabel="Confirm mint"
          pending={pending}
          onConfirm={() => void mint(confirming)}
          onBack={() => setConfirming(null)}
        />
      ) : (
        <button className="button primary" type="submit" disabled={!ready}>
          Mint DRK
        </button>
      )}
    </form>
  );
}
