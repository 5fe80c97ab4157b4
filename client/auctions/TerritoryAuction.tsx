import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuctionDto } from '../../schema/api/auctions.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { AUCTION_DEFAULT_HOURS, AUCTION_MAX_HOURS, AUCTION_MIN_HOURS } from '../../schema/rules/auctions.ts';
import { isRealmTerritory } from '../../schema/rules/market.ts';
import { bidOnAuction, cancelAuction, startAuction } from '../api.ts';
import { formatDateTime, formatDrk } from '../format.ts';
import { balanceOf, useAccount } from '../hud/territoryHooks.ts';
import { useOfferCall } from '../offers/OfferActions.tsx';
import { countdownLabel } from '../revenue/countdown.ts';
import { readQuery } from '../state/query.ts';
import { useSecondsLeft } from './useSecondsLeft.ts';
import { TradeHoldNotice, useTradeHold } from '../hud/TradeHoldNotice.tsx';
import './auctions.css';

// docs/rules.md §4 "Auctions" on the territory panel: for its owner a form to start one (or cancel it
// before its first bid), for anyone else the leader, the least next bid, the end and a countdown, and
// a bid form. Read again whenever the room says the auction changed (state/live-facts.ts
// detailsChanged), so an end a late bid moved shows on every open page.

const DURATIONS: [hours: number, label: string][] = [
  [AUCTION_MIN_HOURS, '1 hour'],
  [6, '6 hours'],
  [AUCTION_DEFAULT_HOURS, '1 day'],
  [3 * 24, '3 days'],
  [AUCTION_MAX_HOURS, '7 days'],
];

const FAILURE = 'The auction call did not go through';
const wholeAtLeast = (text: string, least: number) => Number.isInteger(Number(text)) && Number(text) >= least && text.trim() !== '';

function StartAuctionForm({ territory }: { territory: TerritoryDto }) {
  const { pending, run } = useOfferCall(FAILURE);
  const [start, setStart] = useState('');
  const [reserve, setReserve] = useState('');
  const [hours, setHours] = useState(AUCTION_DEFAULT_HOURS);
  const held = useTradeHold();
  const valid = wholeAtLeast(start, 1) && (reserve.trim() === '' || wholeAtLeast(reserve, Number(start)));
  return (
    <form
      className="stack"
      aria-label="Start an auction"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid)
          void run('Auction started', () =>
            startAuction(territory.id, Number(start), reserve.trim() === '' ? null : Number(reserve), hours),
          );
      }}
    >
      <label className="field">
        Start price (DRK)
        <input name="auction_start" inputMode="numeric" value={start} onChange={(event) => setStart(event.target.value)} />
      </label>
      <label className="field">
        Reserve (DRK, optional)
        <input
          name="auction_reserve"
          inputMode="numeric"
          value={reserve}
          onChange={(event) => setReserve(event.target.value)}
          placeholder="none"
        />
      </label>
      <label className="field">
        Runs for
        <select name="auction_duration" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
          {DURATIONS.map(([choice, label]) => (
            <option key={choice} value={choice}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <p className="muted small">
        A bid in its last 5 minutes moves the end to 5 minutes after it. Below the reserve, every bid is returned.
      </p>
      <TradeHoldNotice action={`auction ${territory.name}`} />
      <button className="button small primary" type="submit" disabled={pending || !valid || held}>
        Start auction
      </button>
    </form>
  );
}

function BidForm({ auction }: { auction: AuctionDto }) {
  const account = useAccount();
  const { pending, run } = useOfferCall(FAILURE);
  const [amount, setAmount] = useState('');
  const value = Number(amount);
  const valid = wholeAtLeast(amount, auction.min_next_bid);
  const short = valid && value > balanceOf(account);
  if (auction.leader?.id === account?.id)
    return <p className="small">You lead. The DRK is held until you are outbid or the auction ends.</p>;
  return (
    <form
      className="button-row"
      aria-label="Bid"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void run('Bid placed', () => bidOnAuction(auction.id, value)).then((done) => done && setAmount(''));
      }}
    >
      <label className="small">
        Your bid (DRK){' '}
        <input
          className="input small"
          name="bid_amount"
          inputMode="numeric"
          value={amount}
          placeholder={String(auction.min_next_bid)}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <button className="button small primary" type="submit" disabled={pending || !valid}>
        Bid
      </button>
      {short && <p className="field-hint">You have {formatDrk(balanceOf(account))}: the whole bid is held from your balance.</p>}
    </form>
  );
}

function RunningAuction({ auction, isSeller }: { auction: AuctionDto; isSeller: boolean }) {
  const account = useAccount();
  const secondsLeft = useSecondsLeft(auction.ends_at);
  const { pending, run } = useOfferCall(FAILURE);
  return (
    <>
      <p data-testid="auction-leader">
        {auction.leader ? (
          <>
            Leading: <strong>{formatDrk(auction.leader.amount)}</strong> by {auction.leader.name}{' '}
            <span className="muted small">({auction.bids === 1 ? '1 bid' : `${auction.bids} bids`})</span>
          </>
        ) : (
          <>No bids yet</>
        )}
      </p>
      <p className="small" data-testid="auction-min-bid">
        Next bid: at least <strong>{formatDrk(auction.min_next_bid)}</strong>
        {auction.has_reserve && <> · {auction.reserve_met ? 'reserve met' : 'reserve not yet met'}</>}
        {isSeller && auction.reserve !== null && <> (your reserve: {formatDrk(auction.reserve)})</>}
      </p>
      <p className="small">
        Ends{' '}
        <time data-testid="auction-ends" dateTime={auction.ends_at}>
          {formatDateTime(auction.ends_at)}
        </time>{' '}
        ·{' '}
        <span data-testid="auction-countdown">
          {secondsLeft > 0 ? countdownLabel(secondsLeft) : 'Ending: the result comes in a moment'}
        </span>
      </p>
      {isSeller ? (
        auction.bids === 0 && (
          <button
            className="button small"
            type="button"
            disabled={pending}
            onClick={() => void run('Auction cancelled', () => cancelAuction(auction.id))}
          >
            Cancel auction
          </button>
        )
      ) : account && !account.is_wanakt ? (
        <BidForm auction={auction} />
      ) : (
        !account && <p className="muted small">Log in to bid.</p>
      )}
    </>
  );
}

export function TerritoryAuction({ territory }: { territory: TerritoryDto }) {
  const account = useAccount();
  const query = useQuery(readQuery('/territories/:id/auction', { id: territory.id }));
  // Only a player's land is auctioned: the realm's and the treasury's are bought at their price.
  if (isRealmTerritory(territory.type) || territory.owner_id === null || territory.owner_id === WANAKT_USER_ID || !query.data) return null;
  const auction = query.data.auction;
  const running = auction?.status === 'running' ? auction : null;
  const isOwner = account !== null && account.id === territory.owner_id;
  if (!running && !isOwner) return null;
  return (
    <div className="territory-auction" data-testid="territory-auction">
      <h4 className="section-label">Auction</h4>
      {running ? (
        <RunningAuction auction={running} isSeller={running.seller_id === account?.id} />
      ) : (
        <StartAuctionForm territory={territory} />
      )}
    </div>
  );
}
