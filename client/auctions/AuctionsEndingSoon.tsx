import { useQuery } from '@tanstack/react-query';
import type { AuctionDto } from '../../schema/api/auctions.ts';
import { formatDateTime, formatDrk } from '../format.ts';
import { countdownLabel } from '../revenue/countdown.ts';
import { readQuery } from '../state/query.ts';
import { useSecondsLeft } from './useSecondsLeft.ts';
import './auctions.css';

// docs/rules.md §4 "Auctions" on /marketplace: the running auctions that end soonest, read again
// whenever the room says an auction changed (a bid, a moved end, a settlement).

function AuctionLine({ auction }: { auction: AuctionDto }) {
  const secondsLeft = useSecondsLeft(auction.ends_at);
  return (
    <li className="auction-line" data-testid="auction-line">
      <strong>{auction.territory_name}</strong>
      <span className="small">
        {auction.leader
          ? `${formatDrk(auction.leader.amount)} by ${auction.leader.name}`
          : `No bids; starts at ${formatDrk(auction.start_price)}`}{' '}
        · next bid at least {formatDrk(auction.min_next_bid)}
      </span>
      <span className="small muted">
        Ends <time dateTime={auction.ends_at}>{formatDateTime(auction.ends_at)}</time> ·{' '}
        {secondsLeft > 0 ? countdownLabel(secondsLeft) : 'ending'} · sold by {auction.seller_name}
      </span>
    </li>
  );
}

export function AuctionsEndingSoon() {
  const auctions = useQuery(readQuery('/auctions/ending-soon'));
  return (
    <section className="panel card stack" aria-label="Auctions ending soon" data-testid="auctions-ending-soon">
      <h2>Auctions ending soon</h2>
      {auctions.isError ? (
        <p role="alert">Could not load the auctions ({auctions.error.message}).</p>
      ) : !auctions.data ? (
        <p className="muted">Loading the auctions…</p>
      ) : auctions.data.auctions.length === 0 ? (
        <p className="empty-state">No auction is running. Owners start one from a territory's panel on the map.</p>
      ) : (
        <ul className="auction-list">
          {auctions.data.auctions.map((auction) => (
            <AuctionLine key={auction.id} auction={auction} />
          ))}
        </ul>
      )}
    </section>
  );
}
