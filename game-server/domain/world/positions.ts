import { coordinatesOf, markerPosition } from '../../../schema/rules/territory.ts';
import { badInput, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';

export interface Position {
  latitude: number;
  longitude: number;
}

// The stored columns are numeric(9, 6); rounding here keeps the answer equal to what is stored.
const sixDecimals = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Moves a territory's pin (docs/rules.md §5 "Map"; the policy lets only the Wanakt). The point goes through the map's
 * projection and back, so a pin dropped beyond the marker margins is stored where the map shows
 * it. The REST call and the live room's pin drop both end here.
 */
export async function setTerritoryPosition(
  { tx }: Work,
  territoryId: number,
  position: Position,
): Promise<{ id: number; name: string; latitude: string; longitude: string }> {
  if (!Number.isFinite(position.latitude) || !Number.isFinite(position.longitude))
    throw badInput('Latitude and longitude must be decimal numbers');
  const latitude = Math.min(90, Math.max(-90, position.latitude));
  const longitude = Math.min(180, Math.max(-180, position.longitude));
  const { x, y } = markerPosition(latitude, longitude);
  const onMap = coordinatesOf(x, y);
  const [row] = await tx<{ id: number; name: string; latitude: string; longitude: string }[]>`
    update territories set latitude = ${sixDecimals(onMap.latitude)}, longitude = ${sixDecimals(onMap.longitude)}
     where id = ${territoryId}
    returning id, name, latitude::text, longitude::text`;
  if (!row) throw notFound('Territory not found');
  return row;
}
