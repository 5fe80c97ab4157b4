import { useQuery } from '@tanstack/react-query';
import { readQuery } from '../state/query.ts';
import { formatDateTime, formatDrk, formatNumber } from '../format.ts';
import { rentLine, vassalageOf } from '../feudalFigures.ts';
import { findNode, useHierarchy } from '../hud/hierarchy.ts';
import { useAccount, useTerritory } from '../hud/territoryHooks.ts';
import { TerritoryOwner } from '../hud/PlayerLink.tsx';
import { useWorld } from '../state/world.ts';
import { tradeFigures } from './marketFigures.ts';
import { Section } from './Section.tsx';
import { TerritoryDescription, UpgradeTierFact } from './TerritoryAbout.tsx';
import { TerritoryOffers } from '../offers/TerritoryOffers.tsx';
import { PriceHistory } from '../trades/PriceHistory.tsx';
import { TerritoryAuction } from '../auctions/TerritoryAuction.tsx';

// Everyone but the Wanakt: the selected territory's details beyond the map popup's summary
// (hud/TerritoryInfo.tsx holds its type, owner, earnings, price and actions; only the owner, which
// a player looks for in either place, is said in both).
// The Wanakt's TerritoryManagement shows the description and upgrade tier through the same TerritoryAbout parts.
export function TerritoryDetails() {
  const selectedId = useWorld((state) => state.selectedId);
  const territory = useTerritory(selectedId);
  const me = useAccount()?.id ?? null;
  const hierarchy = useHierarchy();
  const history = useQuery({ ...readQuery('/territories/:id/history', { id: selectedId ?? 0 }), enabled: selectedId !== null });
  const events = useQuery({ ...readQuery('/events/territory/:id', { id: selectedId ?? 0 }), enabled: selectedId !== null });

  if (!territory) {
    return (
      <Section title="Territory Information" testId="territory-details">
        <p className="muted empty">Select a marker on the map to see who holds it, what it earns and what it is worth.</p>
      </Section>
    );
  }
  const node = hierarchy.data ? findNode(hierarchy.data, territory.id) : undefined;
  const vassalage = node && hierarchy.data ? vassalageOf(node, hierarchy.data) : undefined;
  const trades = history.data ? tradeFigures(history.data.history) : null;

  return (
    <Section title="Territory Information" testId="territory-details">
      <h3 className="detail-name">{territory.name}</h3>
      <TerritoryDescription territory={territory} />
      <dl className="facts compact">
        <dt>Owner</dt>
        <dd data-testid="details-owner">
          <TerritoryOwner territory={territory} me={me} />
        </dd>
        {node && vassalage && (
          <>
            <dt>Overlord</dt>
            <dd>{node.overlord?.name ?? 'None'}</dd>
            <dt>Vassals</dt>
            <dd data-testid="details-vassals">{formatNumber(vassalage.vassals)}</dd>
            <dt>Rent</dt>
            <dd data-testid="territory-rent" data-amount={node.paysRent}>
              {rentLine(node)}
            </dd>
            {vassalage.collects > 0 && (
              <>
                <dt>Collects</dt>
                <dd>{formatDrk(vassalage.collects)} per period</dd>
              </>
            )}
          </>
        )}
        <UpgradeTierFact territory={territory} />
        <dt>Population</dt>
        <dd>{formatNumber(territory.population)}</dd>
        <dt>Base price</dt>
        <dd>{formatDrk(territory.basePrice)}</dd>
        {territory.purchase_price !== null && (
          <>
            <dt>Last paid</dt>
            <dd>{formatDrk(territory.purchase_price)}</dd>
          </>
        )}
        {trades && (
          <>
            <dt>Trades</dt>
            <dd data-testid="territory-trades">{trades.trades}</dd>
            {trades.averagePrice !== null && (
              <>
                <dt>Average price</dt>
                <dd>{formatDrk(trades.averagePrice)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {history.data && <PriceHistory history={history.data.history} />}
      <TerritoryAuction territory={territory} />
      <TerritoryOffers territory={territory} />
      {events.data && events.data.length > 0 && (
        <>
          <h4 className="section-label">Events</h4>
          <ul className="event-list">
            {events.data.map((event) => (
              <li key={event.id}>
                <strong>{event.name}</strong>{' '}
                {event.is_live ? (
                  <span className="badge live">LIVE</span>
                ) : (
                  <span className="muted small">{formatDateTime(event.scheduled_at)}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
