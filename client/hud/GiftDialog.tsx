import { useState } from 'react';
import { GiftBody } from '../../schema/api/territories.ts';
import { decideGift } from '../../schema/rules/market.ts';
import { giftTerritory, serverMessageOr } from '../api.ts';
import { showToast } from '../state/toasts.ts';
import { ConfirmSpend } from './ConfirmSpend.tsx';
import { Modal } from './Modal.tsx';
import { TradeHoldNotice, useTradeHold } from './TradeHoldNotice.tsx';
import { useAccount, useTerritory } from './territoryHooks.ts';

interface GiftDialogProps {
  territoryId: number;
  onClose: () => void;
}

// The owner gives its territory to another player by username: a free transfer, confirmed first.
export function GiftDialog({ territoryId, onClose }: GiftDialogProps) {
  const territory = useTerritory(territoryId);
  const account = useAccount();
  const [name, setName] = useState('');
  const [recipient, setRecipient] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const held = useTradeHold();
  if (!territory || !account) return null;
  const read = GiftBody.safeParse({ to: name });
  const facts = { name: territory.name, type: territory.type, ownerId: territory.owner_id, salePrice: territory.sale_price };
  // The same rule the server decides with; the recipient's id is only known to the server, so a
  // gift to oneself is caught here by name, as the server matches it: whatever its case.
  const self = read.success && read.data.to.toLowerCase() === account.username.toLowerCase();
  const decision = decideGift(facts, { id: self ? account.id : '', username: read.success ? read.data.to : '' });
  const refusal = !read.success ? null : !decision.ok ? decision.message : null;

  async function give(to: string) {
    setPending(true);
    try {
      const answer = await giftTerritory(territoryId, to);
      showToast({ title: 'Territory Given', description: answer.message });
      onClose();
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Gift Failed', description: serverMessageOr(error, 'Unable to give the territory') });
      setRecipient(null);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      title={`Give ${territory.name}`}
      description="Give this territory to another player, free of charge."
      onClose={onClose}
      testId="gift-dialog"
    >
      {recipient ? (
        <ConfirmSpend
          what={`Give ${territory.name} to ${recipient}? It becomes theirs at once: no DRK changes hands, ${territory.sale_price === null ? 'it' : 'its listing is withdrawn and it'} leaves your territories, and ${recipient} is told. Only they can give it back.`}
          cost={null}
          balance={null}
          confirmLabel="Confirm gift"
          pending={pending}
          onConfirm={() => void give(recipient)}
          onBack={() => setRecipient(null)}
        />
      ) : (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (read.success && refusal === null) setRecipient(read.data.to);
          }}
        >
          <label className="field">
            Player's username
            <input
              name="to"
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-describedby={refusal ? 'gift-refusal' : undefined}
            />
          </label>
          {refusal && (
            <p className="field-hint" id="gift-refusal" data-testid="gift-refusal">
              {refusal}
            </p>
          )}
          <TradeHoldNotice action={`give ${territory.name} away`} />
          <div className="modal-actions">
            <button className="button primary" type="submit" disabled={!read.success || refusal !== null || held}>
              Continue
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
