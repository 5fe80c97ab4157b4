import { useState } from 'react';
import { decideListing } from '../../schema/rules/market.ts';
import { serverMessageOr, setListing } from '../api.ts';
import { formatDrk } from '../format.ts';
import { showToast } from '../state/toasts.ts';
import { Modal } from './Modal.tsx';
import { listingPrice } from './rules.ts';
import { TradeHoldNotice } from './TradeHoldNotice.tsx';
import { useAccount, useTerritory } from './territoryHooks.ts';

interface ListingDialogProps {
  territoryId: number;
  onClose: () => void;
}

// The owner's side of a trade: put the territory on the market at a price, or take it off.
export function ListingDialog({ territoryId, onClose }: ListingDialogProps) {
  const territory = useTerritory(territoryId);
  const account = useAccount();
  const [priceText, setPriceText] = useState(String(territory?.sale_price ?? territory?.purchase_price ?? territory?.price ?? ''));
  const [saving, setSaving] = useState(false);
  if (!territory || !account) return null;
  const price = listingPrice(priceText);
  const facts = { name: territory.name, type: territory.type, ownerId: territory.owner_id, salePrice: territory.sale_price };
  const decision = price === null ? null : decideListing(facts, price);
  const refusal =
    decision && !decision.ok
      ? decision.message
      : price !== null && price === territory.sale_price
        ? `Already listed at ${formatDrk(price)}`
        : null;

  async function save(salePrice: number | null) {
    if (!territory || !account) return;
    setSaving(true);
    try {
      await setListing(territory.id, account.id, salePrice);
      showToast(
        salePrice === null
          ? { title: 'Listing Withdrawn', description: `${territory.name} is no longer for sale.` }
          : { title: 'Territory Listed', description: `${territory.name} is for sale at ${formatDrk(salePrice)}.` },
      );
      onClose();
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Update Failed', description: serverMessageOr(error, 'Unable to update the listing') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={`Trade ${territory.name}`} onClose={onClose} testId="listing-dialog">
      <TradeHoldNotice action={`list ${territory.name} below half its type's median price`} />
      <p className="muted">
        {territory.sale_price === null
          ? 'List your territory on the marketplace; the buyer’s DRK goes straight to you.'
          : `Listed on the marketplace at ${formatDrk(territory.sale_price)}.`}
        {territory.purchase_price !== null && ` You paid ${formatDrk(territory.purchase_price)}.`}
      </p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (price !== null && refusal === null) void save(price);
        }}
      >
        <label className="field">
          Asking price (DRK)
          <input
            name="sale_price"
            inputMode="numeric"
            value={priceText}
            onChange={(event) => setPriceText(event.target.value)}
            aria-invalid={price === null}
          />
        </label>
        {price === null && <p className="field-hint">Enter a whole number of DRK, at least 1.</p>}
        {refusal && (
          <p className="field-hint" id="listing-refusal" data-testid="listing-refusal">
            {refusal}
          </p>
        )}
        <div className="modal-actions">
          {territory.sale_price !== null && (
            <button className="button" type="button" disabled={saving} onClick={() => void save(null)}>
              Withdraw listing
            </button>
          )}
          <button
            className="button primary"
            type="submit"
            disabled={saving || price === null || refusal !== null}
            aria-describedby={refusal ? 'listing-refusal' : undefined}
          >
            {territory.sale_price === null ? 'List for sale' : 'Update price'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
