import './mapHud.css';
import { MAP_COLOURS, TERRITORY_TIERS } from '../../schema/constants.ts';
import { ALLIANCE_COLOURS, HEAT_STOPS, OUTSIDE_ALLIANCES, OWNERSHIP_COLOURS, type Ownership } from '../map/colourModes.ts';
import { tagLabel } from '../../schema/rules/alliances.ts';
import { useAllianceMap } from './useAllianceMap.ts';
import { useMapView } from '../map/mapView.ts';
import { cssColour } from './colour.ts';
import { FEUDAL_TIER_NAMES, UNOWNED } from '../../schema/display-names.ts';

const OWNERSHIP_LABEL: Record<Ownership, string> = {
  mine: 'Mine',
  forSale: 'For sale',
  others: "Other players'",
  wanakt: "The Wanakt's",
  unowned: UNOWNED,
};

// The key to the current colour mode; my own territories carry a white ring in every mode.
export function MapLegend() {
  const mode = useMapView((state) => state.mode);
  const alliances = useAllianceMap();
  const entries: [string, string][] =
    mode === 'tier'
      ? TERRITORY_TIERS.map((tier) => [FEUDAL_TIER_NAMES[tier], cssColour(MAP_COLOURS[tier])])
      : mode === 'ownership'
        ? (Object.keys(OWNERSHIP_COLOURS) as Ownership[]).map((key) => [OWNERSHIP_LABEL[key], cssColour(OWNERSHIP_COLOURS[key])])
        : mode === 'alliance'
          ? [
              ...alliances.map((alliance, index): [string, string] => [
                `${tagLabel(alliance.tag)} ${alliance.name}`,
                cssColour(ALLIANCE_COLOURS[index % ALLIANCE_COLOURS.length]),
              ]),
              ['No alliance', cssColour(OUTSIDE_ALLIANCES.none)],
              [UNOWNED, cssColour(OUTSIDE_ALLIANCES.unowned)],
            ]
          : [];
  return (
    <ul className="panel map-legend" aria-label="Map legend">
      {entries.map(([label, colour]) => (
        <li key={label}>
          <span className="tier-dot" style={{ background: colour }} />
          <span title={label}>{label}</span>
        </li>
      ))}
      {mode === 'income' && (
        <li>
          <span>Monthly revenue: low</span>
          <span className="heat-scale" style={{ background: `linear-gradient(90deg, ${HEAT_STOPS.map(cssColour).join(', ')})` }} />
          <span>high</span>
        </li>
      )}
      <li>
        <span className="tier-dot mine-ring" />
        <span>Mine (ringed)</span>
      </li>
    </ul>
  );
}
