import { MAP_COLOURS } from '../../schema/constants.ts';
import { tierOfType } from '../../schema/rules/territory.ts';
import { formatDrk } from '../format.ts';
import { useSession } from '../state/session.ts';
import { ownerLabel, useWorld } from '../state/world.ts';
import { cssColour } from './colour.ts';

export function TerritoryInfo() {
  const territory = useWorld((state) => state.territories.find((t) => t.id === state.selectedId));
  const select = useWorld((state) => state.select);
  const userId = useSession((state) => state.account?.id ?? null);
  if (!territory) return null;

  return (
    <aside className="panel territory-info" data-testid="territory-info" aria-label="Territory information">
      <header className="territory-info-head">
        <h2>{territory.name}</h2>
        <button className="icon-button" type="button" aria-label="Close" onClick={() => select(null)}>
          ×
        </button>
      </header>
      <dl className="facts">
        <dt>Type</dt>
        <dd>
          <span className="tier-dot" style={{ background: cssColour(MAP_COLOURS[tierOfType(territory.type)]) }} />
          <span className="capitalised">{territory.type}</span>
        </dd>
        <dt>Owner</dt>
        <dd data-testid="territory-owner">{ownerLabel(territory, userId)}</dd>
        <dt>Monthly revenue</dt>
        <dd>{formatDrk(territory.monthly_revenue)}</dd>
      </dl>
      {territory.description && <p className="description">{territory.description}</p>}
    </aside>
  );
}
