import { useState } from 'react';
import { MAP_COLOURS, UPGRADE_MULTIPLIER } from '../../schema/constants.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { tierOfType } from '../../schema/rules/territory.ts';
import { formatDrk } from '../format.ts';
import { cssColour } from '../hud/colour.ts';
import { useDialogs } from '../hud/dialogs.ts';
import { showOnMap } from '../map/mapView.ts';
import { useWorld } from '../state/world.ts';
import { Section } from './Section.tsx';
import { typeName, upgradeTierName } from '../../schema/display-names.ts';
import { useEarningsByTerritory } from '../hud/useMonthlyEarnings.ts';
import { FigureName } from '../hud/FigureName.tsx';

// docs/rules.md §9 "Display": the first 3 entries, the rest behind 'View all'.
const FIRST_SHOWN = 3;
// A figure still on its way reads '…', not '– DRK' (what formatDrk makes of no number).
const drkOrWaiting = (amount: number | undefined) => (amount === undefined ? '…' : formatDrk(amount));

export function useOwnedTerritories(userId: string): TerritoryDto[] {
  const territories = useWorld((state) => state.territories);
  return territories.filter((territory) => territory.owner_id === userId);
}

export function MyTerritories({ userId }: { userId: string }) {
  const owned = useOwnedTerritories(userId);
  const earningsOf = useEarningsByTerritory(userId);
  const selectedId = useWorld((state) => state.selectedId);
  const show = useDialogs((state) => state.show);
  const [all, setAll] = useState(false);
  const shown = all ? owned : owned.slice(0, FIRST_SHOWN);

  return (
    <Section
      title="My Territories"
      testId="my-territories"
      action={
        owned.length > FIRST_SHOWN && (
          <button className="link-button" type="button" onClick={() => setAll(!all)}>
            {all ? 'Show fewer' : `View all (${owned.length})`}
          </button>
        )
      }
    >
      {owned.length === 0 ? (
        <p className="muted empty">No territories owned yet...</p>
      ) : (
        <ul className="card-list">
          {shown.map((territory) => (
            <li key={territory.id}>
              <article className={territory.id === selectedId ? 'territory-card selected' : 'territory-card'} data-testid="territory-card">
                <button className="card-main" type="button" onClick={() => showOnMap(territory.id)}>
                  <span className="tier-dot" style={{ background: cssColour(MAP_COLOURS[tierOfType(territory.type)]) }} />
                  <span className="card-name">{territory.name}</span>
                  <span className="badge">{typeName(territory.type)}</span>
                </button>
                <p className="muted small">
                  <FigureName figure="monthly_earnings" />{' '}
                  <span data-figure="monthly_earnings">{drkOrWaiting(earningsOf(territory.id))}</span> ·{' '}
                  <FigureName figure="base_revenue" /> <span data-figure="base_revenue">{formatDrk(territory.monthly_revenue)}</span> ·{' '}
                  {upgradeTierName(territory.upgrade_tier)} {UPGRADE_MULTIPLIER[territory.upgrade_tier]}x
                  {territory.sale_price !== null && ` · listed at ${formatDrk(territory.sale_price)}`}
                </p>
                <div className="button-row">
                  <button className="button small" type="button" onClick={() => show({ kind: 'description', territoryId: territory.id })}>
                    Edit
                  </button>
                  <button className="button small" type="button" onClick={() => show({ kind: 'upgrade', territoryId: territory.id })}>
                    Upgrade
                  </button>
                  <button className="button small" type="button" onClick={() => show({ kind: 'listing', territoryId: territory.id })}>
                    Sell
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
