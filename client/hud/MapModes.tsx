import { useState } from 'react';
import './mapHud.css';
import { TERRITORY_TYPES, type TerritoryType } from '../../schema/constants.ts';
import { COLOUR_MODES, type ColourMode } from '../map/colourModes.ts';
import { useMapView } from '../map/mapView.ts';
import { useSession } from '../state/session.ts';
import { typeName } from '../../schema/display-names.ts';

const MODE_LABEL: Record<ColourMode, string> = { ownership: 'Ownership', tier: 'Tier', income: 'Income', alliance: 'Alliance' };

// The colour mode switch and the filters: for sale, mine, one type.
export function MapModes() {
  const { mode, filters, setMode, setFilters } = useMapView();
  const loggedIn = useSession((state) => state.account !== null);
  // On a phone the switch folds behind one button, so it does not take the top of the map.
  const [open, setOpen] = useState(false);
  return (
    <div className="map-modes panel" data-open={open}>
      <button className="button small map-modes-toggle" type="button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {open ? 'Hide colours' : 'Colours & filters'}
      </button>
      <div className="segmented" role="radiogroup" aria-label="Colour the map by">
        {COLOUR_MODES.map((each) => (
          <button
            key={each}
            type="button"
            role="radio"
            aria-checked={mode === each}
            className={mode === each ? 'on' : undefined}
            onClick={() => setMode(each)}
          >
            {MODE_LABEL[each]}
          </button>
        ))}
      </div>
      <div className="map-filters" role="group" aria-label="Show only">
        <label>
          <input type="checkbox" checked={filters.forSale} onChange={(event) => setFilters({ forSale: event.target.checked })} /> For sale
        </label>
        {loggedIn && (
          <label>
            <input type="checkbox" checked={filters.mine} onChange={(event) => setFilters({ mine: event.target.checked })} /> Mine
          </label>
        )}
        <select
          className="inline-input"
          aria-label="Type"
          value={filters.type ?? ''}
          onChange={(event) => setFilters({ type: event.target.value === '' ? null : (event.target.value as TerritoryType) })}
        >
          <option value="">All types</option>
          {TERRITORY_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeName(type)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
