import { useState, type FormEvent } from 'react';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { PublicUserDto } from '../../schema/api/users.ts';
import { assignmentBadge, assignmentPrice, checkAssignment } from '../forms/assignment.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
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
  // What the confirmation asks about, fixed when Assign is pressed (no DRK moves without a confirmation).
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

  /** The confirmation's sentence: what is given to whom, and who pays the price into the Wanakt's treasury. */
  function question(asked: Assignment): string {
    const place = territories.find((territory) => territory.id === asked.territoryId)?.name ?? 'the territory';
    const name = recipientOf(asked)?.username ?? 'the player';
    if (asked.price === 0) return `Give ${place} to ${name} as a gift? No DRK moves.`;
    // The server moves nothing when payer and payee are one account (game-server changeOwner).
    if (asked.userId === WANAKT_USER_ID)
      return `Assign ${place} to the Wanakt for ${formatDrk(asked.price)}? No DRK moves: the price would go to its own treasury.`;
    return `Assign ${place} to ${name} for ${formatDrk(asked.price)}? ${name} pays it to the Wanakt's treasury.`;
  }

  function recipientOf(asked: Assignment): PublicUserDto | undefined {
    return users.find((candidate) => candidate.id === asked.userId);
  }

  /** The recipient's balance when they pay (a price, and not the Wanakt), so the confirmation can show it and refuse a short one. */
  function payment(asked: Assignment): { payer: string; cost: number; balance: number } | null {
    const recipient = recipientOf(asked);
    if (asked.price === 0 || asked.userId === WANAKT_USER_ID || recipient?.drk_balance === undefined) return null;
    return { payer: recipient.username, cost: asked.price, balance: Number(recipient.drk_balance) };
  }

  // Free land first, as the old select's groups had it; the owner is searched with the name.
  const territoryOptions = [...available, ...owned].map((territory) => ({
    value: String(territory.id),
    label: territory.name,
    hint: territory.owner_name ? `${territory.type}, owned by ${territory.owner_name}` : `${territory.type}, available`,
  }));

  const paying = confirming ? payment(confirming) : null;

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
          cost={paying?.cost ?? null}
          balance={paying?.balance ?? null}
          payer={paying?.payer}
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
