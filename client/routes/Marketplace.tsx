import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MARKETPLACE_SORTS, type MarketplaceSort } from '../../schema/api/marketplace.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import {
  MAIN_CITY_RENT,
  MAP_COLOURS,
  STARTING_BALANCE,
  SUB_TERRITORY_RENT,
  TERRITORY_TIERS,
  TERRITORY_TYPES,
} from '../../schema/constants.ts';
import { REGION_LABELS, REGIONS, regionOf } from '../../schema/rules/region.ts';
import { tierOfType } from '../../schema/rules/territory.ts';
import { read } from '../api.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { readQuery } from '../state/query.ts';
import { Screen } from '../admin/Screen.tsx';
import { formatDrk } from '../format.ts';
import { cssColour } from '../hud/colour.ts';
import { Dialogs } from '../hud/Dialogs.tsx';
import { useDialogs } from '../hud/dialogs.ts';
import { useAccount } from '../hud/territoryHooks.ts';
import { loadTerritories, useWorld } from '../state/world.ts';
import { listingFigures } from '../dashboard/marketFigures.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { FEUDAL_TIER_NAMES, TREASURY_SELLER, typeName } from '../../schema/display-names.ts';
import { MiniMap } from '../hud/MiniMap.tsx';
import { MyOffers } from '../offers/MyOffers.tsx';
import { AuctionsEndingSoon } from '../auctions/AuctionsEndingSoon.tsx';

// docs/rules.md §9 showed the first 3 listings; the page fills the screen with a grid (12 at 1280x800), then
// more on demand, each page read from the server.
const FIRST_SHOWN = 12;
const MORE_STEP = 12;
const SEARCH_PAUSE_MS = 300;

const SORT_LABELS: Record<MarketplaceSort, string> = {
  price_asc: 'Cheapest first',
  price_desc: 'Dearest first',
  name: 'Name',
  revenue: 'Highest revenue',
  newest: 'Newest',
};

interface Filters {
  q: string;
  type: string;
  tier: string;
  region: string;
  min_price: string;
  max_price: string;
  sort: MarketplaceSort;
}

const NO_FILTERS: Filters = { q: '', type: '', tier: '', region: '', min_price: '', max_price: '', sort: 'price_asc' };

/** A value that follows another once it has stopped changing for a moment: a search per pause, not per key. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The query string of a search; a price that is not a whole number is left out rather than refused. */
function searchParams(filters: Filters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    const text = value.trim();
    if (text === '' || ((name === 'min_price' || name === 'max_price') && !/^\d{1,12}$/.test(text))) continue;
    params.set(name, text);
  }
  return params.toString();
}

// The key starts with the path, so a change the room reports (live-facts' market reads) reads every
// page shown again; keyset cursors stay valid across a sale, so the pages neither repeat nor skip.
function useMarketplace(filters: Filters) {
  const query = searchParams(filters);
  return useInfiniteQuery({
    queryKey: [...queryKeyOf('/marketplace'), query],
    queryFn: ({ pageParam }) =>
      read('/marketplace', {
        ...Object.fromEntries(new URLSearchParams(query)),
        limit: pageParam === null ? FIRST_SHOWN : MORE_STEP,
        cursor: pageParam ?? undefined,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

function Choice({
  name,
  label,
  value,
  onChange,
  options,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="field compact">
      <span>{label}</span>
      <select name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function SearchBar({ filters, onChange }: { filters: Filters; onChange: (change: Partial<Filters>) => void }) {
  const price = (name: 'min_price' | 'max_price', label: string) => (
    <label className="field compact">
      <span>{label}</span>
      <input
        name={name}
        inputMode="numeric"
        placeholder="DRK"
        value={filters[name]}
        aria-invalid={filters[name] !== '' && !/^\d{1,12}$/.test(filters[name])}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </label>
  );
  return (
    <div className="panel market-search" role="search" aria-label="Search the listings">
      <label className="field compact market-search-name">
        <span>Search</span>
        <input
          type="search"
          name="q"
          placeholder="A territory's name"
          value={filters.q}
          onChange={(event) => onChange({ q: event.target.value })}
        />
      </label>
      <Choice
        name="type"
        label="Type"
        value={filters.type}
        onChange={(type) => onChange({ type })}
        options={[['', 'Any type'], ...TERRITORY_TYPES.map((type) => [type, typeName(type)] as const)]}
      />
      <Choice
        name="tier"
        label="Tier"
        value={filters.tier}
        onChange={(tier) => onChange({ tier })}
        options={[['', 'Any tier'], ...TERRITORY_TIERS.map((tier) => [tier, FEUDAL_TIER_NAMES[tier]] as const)]}
      />
      <Choice
        name="region"
        label="Region"
        value={filters.region}
        onChange={(region) => onChange({ region })}
        options={[['', 'Anywhere'], ...REGIONS.map((region) => [region, REGION_LABELS[region]] as const)]}
      />
      {price('min_price', 'From')}
      {price('max_price', 'To')}
      <Choice
        name="sort"
        label="Sort"
        value={filters.sort}
        onChange={(sort) => onChange({ sort: sort as MarketplaceSort })}
        options={MARKETPLACE_SORTS.map((sort) => [sort, SORT_LABELS[sort]] as const)}
      />
    </div>
  );
}

function Listing({ territory }: { territory: TerritoryDto }) {
  const show = useDialogs((state) => state.show);
  const region = regionOf(Number(territory.latitude), Number(territory.longitude));
  const where = region ? REGION_LABELS[region] : 'Open sea';
  return (
    <article className="panel card listing" data-testid="listing">
      <MiniMap places={[territory]} label={`${territory.name} on the world map`} />
      <header className="listing-head">
        <span className="tier-dot" style={{ background: cssColour(MAP_COLOURS[tierOfType(territory.type)]) }} />
        <h3>{territory.name}</h3>
      </header>
      <p className="muted small listing-where">
        <span data-testid="listing-region">{where}</span> · <span data-testid="listing-type">{typeName(territory.type)}</span>
      </p>
      <dl className="facts compact">
        <dt>Earns</dt>
        <dd>{formatDrk(territory.monthly_revenue)} / month</dd>
        <dt>Seller</dt>
        <dd>
          <PlayerLink name={territory.owner_name} fallback={TREASURY_SELLER} />
        </dd>
        <dt>Price</dt>
        <dd className="price">{formatDrk(territory.sale_price ?? 0)}</dd>
      </dl>
      <button className="button primary" type="button" onClick={() => show({ kind: 'purchase', territoryId: territory.id })}>
        Buy {territory.name}
      </button>
    </article>
  );
}

/** Every listing as the live world shows it, for the market's figures: a sale elsewhere counts at once. */
function useAllListings(): TerritoryDto[] {
  const territories = useWorld((state) => state.territories);
  return useMemo(() => territories.filter((territory) => territory.sale_price !== null), [territories]);
}

export default function Marketplace() {
  const world = useWorld((state) => state.status);
  const trades = useQuery(readQuery('/market/stats'));
  const account = useAccount();
  const [filters, setFilters] = useState(NO_FILTERS);
  const search = useMarketplace(useSettled(filters, SEARCH_PAUSE_MS));
  const listings = search.data?.pages.flatMap((page) => page.listings) ?? [];
  const total = search.data?.pages[0]?.total ?? 0;

  useEffect(() => {
    void loadTerritories();
  }, []);

  const figures = listingFigures(useAllListings());
  const ready = world === 'ready';

  return (
    // The listings come first, so a screen of 1280×800 shows a row of cards without scrolling;
    // how buying works and the market's figures follow them.
    <Screen title="Marketplace" subtitle="Territories for sale across the world" backLabel="Back to Map" testId="marketplace">
      <section className="stack" aria-label="Listings">
        <div className="spread">
          <h2>For sale</h2>
          <span className="muted">
            {account && <>Your balance: {formatDrk(account.drk_balance)} · </>}
            <Link to="/drk-store">Buy DRK</Link>
          </span>
        </div>
        <SearchBar filters={filters} onChange={(change) => setFilters((current) => ({ ...current, ...change }))} />
        {search.isError ? (
          <div className="panel notice" role="alert">
            <p>Could not load the listings ({search.error.message}).</p>
            <button className="button" type="button" onClick={() => void search.refetch()}>
              Try again
            </button>
          </div>
        ) : search.isPending ? (
          <p className="muted screen-loading">Loading the listings…</p>
        ) : total === 0 ? (
          <p className="empty-state">
            {searchParams({ ...filters, sort: NO_FILTERS.sort }) === ''
              ? 'No territories available for purchase at the moment.'
              : 'No listing matches this search.'}
          </p>
        ) : (
          <>
            <p className="muted small" data-testid="match-count" aria-live="polite">
              {total === 1 ? '1 listing matches' : `${total} listings match`}
            </p>
            <div className="card-grid">
              {listings.map((territory) => (
                <Listing key={territory.id} territory={territory} />
              ))}
            </div>
            {search.hasNextPage && (
              <button className="button" type="button" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
                Show more ({total - listings.length} left)
              </button>
            )}
          </>
        )}
      </section>
      <AuctionsEndingSoon />
      <MyOffers />
      <Dialogs />
      <section className="panel card" aria-label="How it works">
        <h2>How it works</h2>
        <ol className="steps">
          <li>Get DRK: every player starts with {formatDrk(STARTING_BALANCE)}, and the DRK store sells more.</li>
          <li>Pick a listing above: unowned land is sold by the realm, the rest by other players.</li>
          <li>Buy it: the price moves from your balance to the seller at once.</li>
          <li>Collect rent and ad revenue, upgrade it, or list it again from the map.</li>
        </ol>
      </section>

      <section className="stat-grid" aria-label="Market stats" data-testid="market-stats">
        <div className="panel stat-card">
          <span className="stat-label">Default main city rent</span>
          <strong className="stat-figure">{formatDrk(MAIN_CITY_RENT)}</strong>
          <span className="muted small">to the Wanakt, every 6 months, unless the Wanakt sets another</span>
        </div>
        <div className="panel stat-card">
          <span className="stat-label">Default sub-territory rent</span>
          <strong className="stat-figure">{formatDrk(SUB_TERRITORY_RENT)}</strong>
          <span className="muted small">to the main city, every 6 months, unless the Wanakt sets another</span>
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
              {trades.data.volume_growth_percent !== null &&
                ` · volume ${trades.data.volume_growth_percent >= 0 ? '+' : ''}${trades.data.volume_growth_percent}% on the month before`}
            </span>
          </div>
        )}
      </section>
    </Screen>
  );
}
