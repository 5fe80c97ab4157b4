import { useState, type FormEvent } from 'react';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { PublicUserDto } from '../../schema/api/users.ts';
import { assignmentBadge, assignmentPrice, checkAssignment } from '../forms/assignment.ts';
import { formatDrk } from '../format.ts';
import { ConfirmSpend } from '../hud/ConfirmSpend.tsx';
import { Combobox } from './Combobox.tsx';

interface Assignment {
  territoryId: number;
  userId: string;
  price: number;
}

interface AssignFormProps {
  territories: readonly TerritoryDto[];
  users: readonly PublicUserDto[];
  /** Resolves true when the server assigned the territory; the form then clears. */
  onAssign: (territoryId: number, userId: string, price: number) => Promise<boolean>;
}

// docs/rules.md §5 "Assignment": territory and user required, the price defaults to 0 and 0 means a gift.
export function AssignForm({ territories, users, onAssign }: AssignFormProps) {
  const [territoryId, setTerritoryId] = useState('');
  const [userId, setUserId] = useState('');
  const [price, setPrice] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // What the confirmation asks about, fixed when Assign is pressed (issue 25: no DRK moves without a confirmation).
  const [confirming, setConfirming] = useState<Assignment | null>(null);
  const parsedPrice = assignmentPrice(price);
  const available = territories.filter((territory) => territory.owner_id === null);
  const owned = territories.filter((territory) => territory.owner_id !== null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkAssignment({ territoryId, userId, price });
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    setProblem(null);
    setConfirming({ territoryId: check.territoryId, userId: check.userId, price: check.price });
  }

  async function assign(asked: Assignment) {
    setPending(true);
    try {
      if (await onAssign(asked.territoryId, asked.userId, asked.price)) {
        setTerritoryId('');
        setUserId('');
        setPrice('0');
      }
    } finally {
      setPending(false);
      setConfirming(null);
    }
  }

  /** The confirmation's sentence: what is given to whom, and what the player pays out of which balance. */
  function question(asked: Assignment): string {
    const place = territories.find((territory) => territory.id === asked.territoryId)?.name ?? 'the territory';
    const user = users.find((candidate) => candidate.id === asked.userId);
    const name = user?.username ?? 'the player';
    if (asked.price === 0) return `Give ${place} to ${name} as a gift? No DRK moves.`;
    const balance = user?.drk_balance === undefined ? null : Number(user.drk_balance);
    const after = balance === null ? '' : ` (their balance goes from ${formatDrk(balance)} to ${formatDrk(balance - asked.price)})`;
    return `Assign ${place} to ${name} for ${formatDrk(asked.price)}? ${name} pays it to the Wanakt's treasury${after}.`;
  }

  // Free land first, as the old select's groups had it; the owner is searched with the name.
  const territoryOptions = [...available, ...owned].map((territory) => ({
    value: String(territory.id),
    label: territory.name,
    hint: territory.owner_name ? `${territory.type}, owned by ${territory.owner_name}` : `${territory.type}, available`,
  }));

  return (
    <form className="panel card stack" data-testid="assign-form" onSubmit={submit} noValidate>
      <h2>Assign a Territory</h2>
      <Combobox
        label="Territory"
        placeholder="Type a territory's name…"
        options={territoryOptions}
        value={territoryId}
        onChange={setTerritoryId}
        invalid={problem !== null && !territoryId}
      />
      <Combobox
        label="User"
        placeholder="Type a player's name…"
        options={users.map((user) => ({ value: user.id, label: user.username }))}
        value={userId}
        onChange={setUserId}
        invalid={problem !== null && !userId}
      />
      <label className="field">
        <span>Price (DRK)</span>
        <input
          name="price"
          inputMode="numeric"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          aria-invalid={parsedPrice === null}
        />
      </label>
      <div className="spread">
        {parsedPrice === null ? (
          <span className="badge" data-tone="bad" data-testid="assignment-badge">
            INVALID PRICE
          </span>
        ) : (
          <span className="badge" data-tone={parsedPrice === 0 ? 'good' : 'gold'} data-testid="assignment-badge">
            {assignmentBadge(parsedPrice)}
          </span>
        )}
        {parsedPrice !== null && parsedPrice > 0 && (
          <span className="muted small">The player pays {formatDrk(parsedPrice)} to the Wanakt's treasury.</span>
        )}
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {confirming ? (
        <ConfirmSpend
          what={question(confirming)}
          cost={null}
          balance={null}
          confirmLabel="Confirm assignment"
          pending={pending}
          onConfirm={() => void assign(confirming)}
          onBack={() => setConfirming(null)}
        />
      ) : (
        <button className="button primary" type="submit" disabled={pending}>
          Assign Territory
        </button>
      )}
    </form>
  );
}
