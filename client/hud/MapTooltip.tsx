import './mapHud.css';
import { useMapView } from '../map/mapView.ts';
import { useSession } from '../state/session.ts';
import { useTerritory } from './territoryHooks.ts';
import { formatDrk } from '../format.ts';

// What the pointer is over: name, type, owner and price, beside the marker.
export function MapTooltip() {
  const hover = useMapView((state) => state.hover);
  const territory = useTerritory(hover?.id ?? null);
  const me = useSession((state) => state.account?.id ?? null);
  if (!hover || !territory) return null;
  const owner = territory.owner_id === null ? 'Available' : territory.owner_id === me ? 'You' : (territory.owner_name ?? 'Other Player');
  return (
    <div className="panel map-tooltip" role="tooltip" data-testid="map-tooltip" style={{ left: hover.x, top: hover.y }}>
      <strong>{territory.name}</strong>
      <span className="capitalised">{territory.type === 'sub' ? 'district' : territory.type}</span>
      <span>Owner: {owner}</span>
      <span>{territory.sale_price !== null ? `For sale: ${formatDrk(territory.sale_price)}` : `Price: ${formatDrk(territory.price)}`}</span>
    </div>
  );
}
