import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { MarketStatsDto } from '../../schema/api/market.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { MAIN_CITY_RENT, MAP_COLOURS, SUB_TERRITORY_RENT } from '../../schema/constants.ts';
import { tierOfType } from '../../schema/rules/territory.ts';
import { Screen } from '../admin/Screen.tsx';
import { formatDrk } from '../format.ts';
import { cssColour } from '../hud/colour.ts';
import { Dialogs } from '../hud/Dialogs.tsx';
import { useDialogs } from '../hud/dialogs.ts';
import { useAccount } from '../hud/territoryHooks.ts';
import { loadTerritories, useWorld } from '../state/world.ts';
import { listingFigures } from '../dashboard/marketFigures.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';

// SPEC §9 "Display": the first 3 listings, then more on demand.
const FIRST_SHOWN = 3;
const MORE_STEP = 6;

function Listing({ territory }: { territory: TerritoryDto }) {
  const show = useDialogs((state) => state.show);
  return (
    <article className="panel card listing" data-testid="listing">
      <header className="listing-head">
        <span className="tier-dot" style={{ background: cssColour(MAP_COLOURS[tierOfType(territory.type)]) }} />
        <h3>{territory.name}</h3>
        <span className="badge">{territory.type}</span>
      </header>
      <p className="muted small">{territory.description}</p>
      <dl className="facts compact">
        <dt>Revenue</dt>
        <dd>{formatDrk(territory.monthly_revenue)} / month</dd>
        <dt>Seller</dt>
        <dd><PlayerLink name={territory.owner_name} fallback="The realm" /></dd>
        <dt>Price</dt>
        <dd className="price">{formatDrk(territory.sale_price ?? 0)}</dd>
      </dl>
      <button className="button primary" type="button" onClick={() => show({ kind: 'purchase', territoryId: territory.id })}>
        Buy {territory.name}
      </button>
    </article>
  );
}

/** The listings as the live world shows them, cheapest first: a sale elsewhere removes one at once. */
function useListings(): TerritoryDto[] {
  const territories = useWorld((state) => state.territories);
  return useMemo(
    () => territories.filter((territory) => territory.sale_price !== null).sort((a, b) => (a.sale_price ?? 0) - (b.sale_price ?? 0) || a.name.localeCompare(b.name)),
    [territories],
  );
}

export default function Marketplace() {
  const world = useWorld((state) => state.status);
  const worldError = useWorld((state) => state.error);
  const trades = useQuery<MarketStatsDto>({ queryKey: ['/api/market/stats'] });
  const account = useAccount();
  const [shown, setShown] = useState(FIRST_SHOWN);
  const listings = useListings();

  useEffect(() => {
    void loadTerritories();
  }, []);

  const figures = listingFigures(listings);
  const ready = world === 'ready';

  return (
    <Screen title="Marketplace" subtitle="Territories for sale across the world" backLabel="Back to Map" testId="marketplace">
      <section className="panel card" aria-label="How it works">
        <h2>How it works</h2>
        <ol className="steps">
          <li>Get DRK: every player starts with 100, and the DRK store sells more.</li>
          <li>Pick a listing below: unowned land is sold by the realm, the rest by other players.</li>
          <li>Buy it: the price moves from your balance to the seller at once.</li>
          <li>Collect rent and ad revenue, upgrade it, or list it again from the map.</li>
        </ol>
      </section>

      <section className="stat-grid" aria-label="Market stats" data-testid="market-stats">
        <div className="panel stat-card">
          <span className="stat-label">Main city rent</span>
          <strong className="stat-figure">{formatDrk(MAIN_CITY_RENT)}</strong>
          <span className="muted small">to the Wanakt, every 6 months</span>
        </div>
        <div className="panel stat-card">
          <span className="stat-label">Sub-territory rent</span>
          <strong className="stat-figure">{formatDrk(SUB_TERRITORY_RENT)}</strong>
          <span className="muted small">to the main city, every 6 months</span>
        </div>
        {ready && (
          <>
            <div className="panel stat-card">
              <span className="stat-label">Listings</span>
              <strong className="stat-figure" data-testid="listing-count">
                {figures.count}
              </strong>
              <span className="muted small">{figures.fromPlayers} offered by players</span>
            </div>
            {figures.averageAsk !== null && figures.cheapest !== null && (
              <div className="panel stat-card">
                <span className="stat-label">Average asking price</span>
                <strong className="stat-figure">{formatDrk(figures.averageAsk)}</strong>
                <span className="muted small">from {formatDrk(figures.cheapest)}</span>
              </div>
            )}
          </>
        )}
        {trades.data && (
          <div className="panel stat-card" data-testid="market-trades">
            <span className="stat-label">Trades, last 30 days</span>
            <strong className="stat-figure">{trades.data.trades_30d}</strong>
            <span className="muted small">
              {trades.data.average_price_30d === null ? 'No sales yet' : `average price ${formatDrk(trades.data.average_price_30d)}`}
              {trades.data.volume_growth_percent !== null && ` · volume ${trades.data.volume_growth_percent >= 0 ? '+' : ''}${trades.data.volume_growth_percent}% on the month before`}
            </span>
          </div>
        )}
      </section>

      <section className="stack" aria-label="Listings">
        <div className="spread">
          <h2>For sale</h2>
          <span className="muted">
            {account && <>Your balance: {formatDrk(account.drk_balance)} · </>}
            <Link to="/drk-store">Buy DRK</Link>
          </span>
        </div>
        {world === 'error' ? (
          <div className="panel notice" role="alert">
            <p>Could not load the listings ({worldError}).</p>
            <button className="button" type="button" onClick={() => void loadTerritories()}>
              Try again
            </button>
          </div>
        ) : !ready ? (
          <p className="muted screen-loading">Loading the listings…</p>
        ) : listings.length === 0 ? (
          <p className="empty-state">No territories available for purchase at the moment.</p>
        ) : (
          <>
            <div className="card-grid">
              {listings.slice(0, shown).map((territory) => (
                <Listing key={territory.id} territory={territory} />
              ))}
            </div>
            {listings.length > shown && (
              <button className="button" type="button" onClick={() => setShown(shown + MORE_STEP)}>
                Show more ({listings.length - shown} left)
              </button>
            )}
          </>
        )}
      </section>
      <Dialogs />
    </Screen>
  );
}
