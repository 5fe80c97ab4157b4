import { useQuery } from '@tanstack/react-query';
import type { TerritoryEventDto } from '../../schema/api/events.ts';
import type { OwnershipChangeDto } from '../../schema/api/territories.ts';
import { formatDateTime, formatDrk, formatNumber } from '../format.ts';
import { rentLine } from '../feudalFigures.ts';
import { findNode, useHierarchy } from '../hud/hierarchy.ts';
import { useTerritory } from '../hud/territoryHooks.ts';
import { useWorld } from '../state/world.ts';
import { tradeFigures } from './marketFigures.ts';
import { Section } from './Section.tsx';
import { TerritoryDescription, UpgradeTierFact } from './TerritoryAbout.tsx';

// Everyone but the Wanakt: the selected territory's details beyond the map popup's summary
// (hud/TerritoryInfo.tsx holds its type, owner, earnings, price and actions; nothing is said twice).
// The Wanakt's TerritoryManagement shows the description and upgrade tier through the same TerritoryAbout parts.
export function TerritoryDetails() {
  const selectedId = useWorld((state) => state.selectedId);
  const territory = useTerritory(selectedId);
  const hierarchy = useHierarchy();
  const history = useQuery<{ history: OwnershipChangeDto[] }>({
    queryKey: ['/api/territories', selectedId, 'history'],
    enabled: selectedId !== null,
  });
  const events = useQuery<TerritoryEventDto[]>({ queryKey: ['/api/events/territory', selectedId], enabled: selectedId !== null });

  if (!territory) {
    return (
      <Section title="Territory Information" testId="territory-details">
        <p className="muted empty">Select a marker on the map to see who holds it, what it earns and what it is worth.</p>
      </Section>
    );
  }
  const node = hierarchy.data ? findNode(hierarchy.data, territory.id) : undefined;
  const trades = history.data ? tradeFigures(history.data.history) : null;

  return (
    <Section title="Territory Information" testId="territory-details">
      <h3 className="detail-name">{territory.name}</h3>
      <TerritoryDescription territory={territory} />
      <dl className="facts compact">
        {node && (
          <>
            <dt>Overlord</dt>
            <dd>{node.overlord?.name ?? 'None'}</dd>
            <dt>Vassals</dt>
            <dd>{formatNumber(node.vassals.length)}</dd>
            <dt>Rent</dt>
            <dd data-testid="territory-rent" data-amount={node.paysRent}>
              {rentLine(node)}
            </dd>
            {node.collectsRent > 0 && (
              <>
                <dt>Collects</dt>
                <dd>{formatDrk(node.collectsRent)} per period</dd>
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
