import './mapHud.css';
import { useMapView } from '../map/mapView.ts';
import { useSession } from '../state/session.ts';
import { useTerritory } from './territoryHooks.ts';
import { formatDrk } from '../format.ts';
import { UNOWNED, typeName } from '../../schema/display-names.ts';

// What the pointer is over: name, type, owner and price, beside the marker.
export function MapTooltip() {
  const hover = useMapView((state) => state.hover);
  const territory = useTerritory(hover?.id ?? null);
  const me = useSession((state) => state.account?.id ?? null);
  if (!hover || !territory) return null;
  const owner = territory.owner_id === null ? UNOWNED : territory.owner_id === me ? 'You' : (territory.owner_name ?? 'Other Player');
  return (
    <div className="panel map-tooltip" role="tooltip" data-testid="map-tooltip" style={{ left: hover.x, top: hover.y }}>
      <strong>{territory.name}</strong>
      <span>{typeName(territory.type)}</span>
      <span>Owner: {owner}</span>
      <span>{territory.sale_price !== null ? `For sale: ${formatDrk(territory.sale_price)}` : `Price: ${formatDrk(territory.price)}`}</span>
    </div>
  );
}
