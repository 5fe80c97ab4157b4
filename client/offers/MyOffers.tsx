import { useQuery } from '@tanstack/react-query';
import { readQuery } from '../state/query.ts';
import { useAccount } from '../hud/territoryHooks.ts';
import { OfferLine } from './OfferActions.tsx';
import './offers.css';

// docs/rules.md §4 "Offers" on /marketplace: the offers a player made and those on its land, open
// ones first, each with its answers; read again whenever the room says offers changed.

function OfferSection({ side, title, empty }: { side: 'made' | 'received'; title: string; empty: string }) {
  const offers = useQuery(readQuery(side === 'made' ? '/offers/made' : '/offers/received'));
  return (
    <section className="panel card stack" aria-label={title} data-testid={`offers-${side}`}>
      <h2>{title}</h2>
      {offers.isError ? (
        <p role="alert">Could not load the offers ({offers.error.message}).</p>
      ) : !offers.data ? (
        <p className="muted">Loading the offers…</p>
      ) : offers.data.offers.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <ul className="offer-list">
          {offers.data.offers.map((offer) => (
            <OfferLine key={offer.id} offer={offer} side={side === 'made' ? 'buyer' : 'owner'} showTerritory />
          ))}
        </ul>
      )}
    </section>
  );
}

export function MyOffers() {
  const account = useAccount();
  if (!account || account.is_wanakt) return null;
  return (
    <>
      <OfferSection
        side="made"
        title="Offers I made"
        empty="You have made no offers. Pick any player's territory on the map to make one."
      />
      <OfferSection side="received" title="Offers on my land" empty="Nobody has made an offer on your land yet." />
    </>
  );
}
