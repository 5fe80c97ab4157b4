import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TerritoryOffersDto } from '../../schema/api/offers.ts';
import { readQuery } from '../state/query.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { isRealmTerritory } from '../../schema/rules/market.ts';
import { OFFER_DEFAULT_HOURS, OFFER_MAX_HOURS, OFFER_MIN_HOURS } from '../../schema/rules/offers.ts';
import { makeOffer, setMinOffer } from '../api.ts';
import { formatDateTime, formatDrk } from '../format.ts';
import { balanceOf, useAccount } from '../hud/territoryHooks.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { OfferLine, useOfferCall } from './OfferActions.tsx';
import './offers.css';

// docs/rules.md §4 "Offers" on the territory panel: the best offer for anyone, a form to make one,
// and for the owner every offer with its answers and the minimum it takes. Read again whenever the
// room says the offers on this territory changed (state/live-facts.ts detailsChanged).

const EXPIRY_CHOICES: [hours: number, label: string][] = [
  [OFFER_MIN_HOURS, '1 hour'],
  [24, '1 day'],
  [3 * 24, '3 days'],
  [OFFER_DEFAULT_HOURS, '7 days'],
  [14 * 24, '14 days'],
  [OFFER_MAX_HOURS, '30 days'],
];

function MakeOfferForm({ territory, offers }: { territory: TerritoryDto; offers: TerritoryOffersDto }) {
  const account = useAccount();
  const { pending, run } = useOfferCall();
  const [amount, setAmount] = useState('');
  const [hours, setHours] = useState(OFFER_DEFAULT_HOURS);
  const value = Number(amount);
  const valid = Number.isInteger(value) && value >= 1;
  const belowMinimum = valid && offers.min_offer !== null && value < offers.min_offer;
  const short = account !== null && valid && value > balanceOf(account);
  return (
    <form
      className="stack offer-form"
      aria-label="Make an offer"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void run('Offer made', () => makeOffer(territory.id, value, hours)).then((done) => done && setAmount(''));
      }}
    >
      <label className="field">
        Your offer (DRK)
        <input name="offer_amount" inputMode="numeric" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <label className="field">
        Stands for
        <select name="offer_expiry" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
          {EXPIRY_CHOICES.map(([choice, label]) => (
            <option key={choice} value={choice}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {belowMinimum && <p className="field-hint">The owner takes no offer below {formatDrk(offers.min_offer!)}.</p>}
      {short && <p className="field-hint">You have {formatDrk(balanceOf(account))}: the whole offer is held from your balance.</p>}
      <p className="muted small">The DRK leaves your balance at once and comes back if the offer ends unsold.</p>
      <button className="button small primary" type="submit" disabled={pending || !valid}>
        Make an offer
      </button>
    </form>
  );
}

function MinimumOffer({ territory, offers }: { territory: TerritoryDto; offers: TerritoryOffersDto }) {
  const { pending, run } = useOfferCall();
  const [text, setText] = useState(offers.min_offer === null ? '' : String(offers.min_offer));
  const value = text.trim() === '' ? null : Number(text);
  return (
    <form
      className="button-row"
      onSubmit={(event) => {
        event.preventDefault();
        void run('Minimum offer saved', () => setMinOffer(territory.id, value));
      }}
    >
      <label className="small">
        Minimum offer (DRK){' '}
        <input
          className="input small"
          name="min_offer"
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="none"
        />
      </label>
      <button className="button small" type="submit" disabled={pending || (value !== null && !(Number.isInteger(value) && value >= 1))}>
        Save
      </button>
    </form>
  );
}

export function TerritoryOffers({ territory }: { territory: TerritoryDto }) {
  const account = useAccount();
  const offers = useQuery(readQuery('/territories/:id/offers', { id: territory.id }));
  // Offers are made to players: the realm's land and the treasury's are bought at their price.
  if (isRealmTerritory(territory.type) || territory.owner_id === null || territory.owner_id === WANAKT_USER_ID || !offers.data) return null;
  const data = offers.data;
  const isOwner = account?.id === territory.owner_id;
  return (
    <div className="territory-offers" data-testid="territory-offers">
      <h4 className="section-label">Offers</h4>
      <p data-testid="best-offer">
        {data.best ? (
          <>
            Best offer: <strong>{formatDrk(data.best.amount)}</strong>{' '}
            <span className="muted small">
              ({data.open} open, until {formatDateTime(data.best.expires_at)})
            </span>
          </>
        ) : (
          <span className="muted">No open offers{data.min_offer !== null && <> · none below {formatDrk(data.min_offer)}</>}</span>
        )}
      </p>
      {isOwner && (
        <>
          {data.offers && data.offers.length > 0 && (
            <ul className="offer-list" aria-label="Offers on your territory">
              {data.offers.map((offer) => (
                <OfferLine key={offer.id} offer={offer} side="owner" showTerritory={false} />
              ))}
            </ul>
          )}
          <MinimumOffer key={data.min_offer ?? 'none'} territory={territory} offers={data} />
        </>
      )}
      {!isOwner && account && !account.is_wanakt && (
        <>
          {data.mine ? (
            <ul className="offer-list" aria-label="Your offer">
              <OfferLine offer={data.mine} side="buyer" showTerritory={false} />
            </ul>
          ) : (
            <MakeOfferForm territory={territory} offers={data} />
          )}
        </>
      )}
      {!account && <p className="muted small">Log in to make an offer.</p>}
    </div>
  );
}
