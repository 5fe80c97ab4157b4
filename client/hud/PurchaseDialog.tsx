import { useState } from 'react';
import { purchaseTerritory, serverMessageOr } from '../api.ts';
import { formatDrk } from '../format.ts';
import { showToast } from '../state/toasts.ts';
import { LoginRequired, useLoginHere } from './LoginRequired.tsx';
import { Link } from 'react-router';
import { Shortfall } from './ConfirmSpend.tsx';
import { Modal } from './Modal.tsx';
import { purchaseProblem } from './rules.ts';
import { balanceOf, useAccount, useTerritory } from './territoryHooks.ts';
import { PlayerLink } from './PlayerLink.tsx';
import { UNOWNED, UNOWNED_EXPLAINED, typeName } from '../../schema/display-names.ts';

interface PurchaseDialogProps {
  territoryId: number;
  onClose: () => void;
}

export function PurchaseDialog({ territoryId, onClose }: PurchaseDialogProps) {
  const territory = useTerritory(territoryId);
  const account = useAccount();
  const [buying, setBuying] = useState(false);
  const login = useLoginHere();
  if (!territory) return null;
  const price = territory.sale_price;

  async function buy() {
    if (!territory) return;
    const problem = purchaseProblem(account, territory);
    if (problem || !account) {
      if (problem) showToast({ variant: 'destructive', ...problem });
      return;
    }
    setBuying(true);
    try {
      const answer = await purchaseTerritory(territory.id, account.id, territory.sale_price);
      showToast({ title: 'Purchase Successful!', description: answer.message });
      onClose();
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Purchase Failed', description: serverMessageOr(error, 'Unable to complete purchase') });
    } finally {
      setBuying(false);
    }
  }

  const balance = balanceOf(account);
  // What the client already knows would be refused: the button says so instead of asking.
  const blocked = account ? purchaseProblem(account, territory) : null;
  // A short balance is said once, by the shortfall with its way to the store, not again as the refusal.
  const short = account !== null && price !== null && balance < price;
  const why = short ? 'purchase-shortfall' : blocked ? 'purchase-blocked' : undefined;
  return (
    <Modal title={`Buy ${territory.name}`} onClose={onClose} testId="purchase-dialog">
      {price === null ? (
        <p className="muted">This territory is not for sale right now.</p>
      ) : (
        <>
          <dl className="facts">
            <dt>Type</dt>
            <dd>{typeName(territory.type)}</dd>
            <dt>Seller</dt>
            <dd>
              {territory.owner_id === null ? (
                <span title={UNOWNED_EXPLAINED}>{UNOWNED}</span>
              ) : (
                <PlayerLink name={territory.owner_name} fallback="Another player" />
              )}
            </dd>
            <dt>Monthly revenue</dt>
            <dd>{formatDrk(territory.monthly_revenue)}</dd>
            <dt>Price</dt>
            <dd data-testid="purchase-price">{formatDrk(price)}</dd>
            {account && (
              <>
                <dt>Your balance</dt>
                <dd>{formatDrk(balance)}</dd>
                {balance >= price && (
                  <>
                    <dt>After purchase</dt>
                    <dd>{formatDrk(balance - price)}</dd>
                  </>
                )}
              </>
            )}
          </dl>
          {!account && <LoginRequired action="purchase territories" />}
          {blocked && !short && (
            <p className="form-error" id="purchase-blocked" role="status" data-testid="purchase-blocked">
              <strong>{blocked.title}:</strong> {blocked.description}
            </p>
          )}
          {short && <Shortfall missing={price - balance} id="purchase-shortfall" />}
          <div className="modal-actions">
            <button className="button" type="button" onClick={onClose}>
              Cancel
            </button>
            {account ? (
              <button
                className="button primary"
                type="button"
                disabled={buying || blocked !== null}
                aria-describedby={why}
                onClick={() => void buy()}
              >
                {buying ? 'Buying…' : `Buy for ${formatDrk(price)}`}
              </button>
            ) : (
              <Link className="button primary" to={login}>
                Log in to buy
              </Link>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
