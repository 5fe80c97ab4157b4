import { useState, type FormEvent } from 'react';
import { formatDrk } from '../format.ts';
import { INVALID_RENT, parseRentAmount } from '../forms/rent.ts';
import { showToast } from '../state/toasts.ts';

interface RentEditorProps {
  territoryName: string;
  /** The rent the territory pays per period now: the Wanakt's own figure or the rule's default. */
  rent: number;
  /** True when the Wanakt set the figure, false when the feudal rule gives it. */
  custom: boolean;
  /** Resolves true when the server saved the new rent. */
  onSave: (rentAmount: number) => Promise<boolean>;
}

// docs/rules.md §2 "assignment and rents": view the rent, edit it, then save or cancel.
export function RentEditor({ territoryName, rent, custom, onSave }: RentEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = parseRentAmount(draft ?? '');
    if (amount === null) {
      showToast({ variant: 'destructive', ...INVALID_RENT });
      return;
    }
    setPending(true);
    try {
      if (await onSave(amount)) setDraft(null);
    } finally {
      setPending(false);
    }
  }

  if (draft === null) {
    return (
      <div className="row">
        <span data-testid="rent-value">{formatDrk(rent)}</span>
        <span className="muted small">{custom ? 'set by the Wanakt' : 'feudal default'}</span>
        <button
          className="button small"
          type="button"
          onClick={() => setDraft(String(rent))}
          aria-label={`Edit the rent of ${territoryName}`}
        >
          Edit
        </button>
      </div>
    );
  }

  return (
    <form className="row" onSubmit={save} noValidate>
      <input
        className="inline-input"
        name="rentAmount"
        inputMode="numeric"
        aria-label={`Rent of ${territoryName} in DRK`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        autoFocus
      />
      <button className="button small primary" type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Save'}
      </button>
      <button className="button small" type="button" onClick={() => setDraft(null)} disabled={pending}>
        Cancel
      </button>
    </form>
  );
}
