import { useState, type FormEvent } from 'react';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { PublicUserDto } from '../../schema/api/users.ts';
import { assignmentBadge, assignmentPrice, checkAssignment } from '../forms/assignment.ts';
import { formatDrk } from '../format.ts';
import { Combobox } from './Combobox.tsx';

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
    setPending(true);
    try {
      if (await onAssign(check.territoryId, check.userId, check.price)) {
        setTerritoryId('');
        setUserId('');
        setPrice('0');
      }
    } finally {
      setPending(false);
    }
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
        <input name="price" inputMode="numeric" value={price} onChange={(event) => setPrice(event.target.value)} aria-invalid={parsedPrice === null} />
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
        {parsedPrice !== null && parsedPrice > 0 && <span className="muted small">The player pays {formatDrk(parsedPrice)} to the Wanakt's treasury.</span>}
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button className="button primary" type="submit" disabled={pending}>
        {pending ? 'Assigning…' : 'Assign Territory'}
      </button>
    </form>
  );
}
