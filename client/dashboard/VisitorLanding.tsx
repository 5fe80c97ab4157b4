import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { readQuery } from '../state/query.ts';
import { STARTING_BALANCE, WANAKT_USER_ID } from '../../schema/constants.ts';
import { formatDrk, formatNumber } from '../format.ts';
import { useWorld } from '../state/world.ts';
import './landing.css';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="landing-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * What a visitor reads first: what the game is, the world's live figures and one call to
 * play. It lies over the map, at the side on a wide screen and as a sheet on a phone, so no menu is
 * needed, and it steps aside for a visitor who wants to look around.
 */
export function VisitorLanding() {
  const [open, setOpen] = useState(true);
  const online = useWorld((state) => state.online);
  const connection = useWorld((state) => state.connection);
  const owned = useWorld(
    (state) => state.territories.filter((territory) => territory.owner_id !== null && territory.owner_id !== WANAKT_USER_ID).length,
  );
  const total = useWorld((state) => state.territories.length);
  const worldReady = useWorld((state) => state.status === 'ready');
  const supply = useQuery(readQuery('/currency/supply'));
  const market = useQuery(readQuery('/market/stats'));

  if (!open) {
    return (
      <button className="button primary landing-reopen" type="button" onClick={() => setOpen(true)}>
        What is Wanakt World?
      </button>
    );
  }
  return (
    <section className="panel landing" aria-labelledby="landing-title" data-testid="visitor-landing">
      <h1 id="landing-title">Own real places on a live world map</h1>
      <ul className="landing-points">
        <li>Buy a real village, town or city with DRK, the game’s currency: it earns you DRK every month.</li>
        <li>
          Rent runs up a feudal chain: you collect it from the places below yours and pay the one above, up to the Wanakt, who rules the
          world.
        </li>
        <li>Trade land on the marketplace and watch every sale happen live on the map.</li>
      </ul>
      <dl className="landing-figures" aria-label="The world right now">
        <Figure label="Players online" value={connection === 'live' ? formatNumber(online) : '…'} testId="landing-online" />
        <Figure label="Places owned" value={worldReady ? `${formatNumber(owned)} of ${formatNumber(total)}` : '…'} testId="landing-owned" />
        <Figure label="DRK in circulation" value={supply.data ? formatDrk(supply.data.circulating_supply) : '…'} testId="landing-supply" />
        <Figure label="Sales in 30 days" value={market.data ? formatNumber(market.data.trades_30d) : '…'} testId="landing-trades" />
      </dl>
      <div className="landing-actions">
        <Link className="button primary landing-play" to="/register">
          Play free: start with {formatDrk(STARTING_BALANCE)}
        </Link>
        <Link className="button" to="/login">
          Log in
        </Link>
        <button className="button" type="button" onClick={() => setOpen(false)}>
          Look around the map
        </button>
      </div>
    </section>
  );
}
