import { MAP_COLOURS, TERRITORY_TIERS } from '../../schema/constants.ts';
import { cssColour } from './colour.ts';

export function MapLegend() {
  return (
    <ul className="panel map-legend" aria-label="Map legend">
      {TERRITORY_TIERS.map((tier) => (
        <li key={tier}>
          <span className="tier-dot" style={{ background: cssColour(MAP_COLOURS[tier]) }} />
          <span className="capitalised">{tier}</span>
        </li>
      ))}
    </ul>
  );
}
