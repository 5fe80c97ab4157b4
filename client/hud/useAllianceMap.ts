import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { allianceColours } from '../map/colourModes.ts';
import { useMapView } from '../map/mapView.ts';
import { readQuery } from '../state/query.ts';
import { useSession } from '../state/session.ts';

/**
 * The alliances the map colours in its alliance mode (docs/rules.md §4 "Alliances"), read only
 * while that mode is on; their members' colours go to the map, the list to whoever shows the key.
 */
export function useAllianceMap() {
  const on = useMapView((state) => state.mode === 'alliance');
  const viewer = useSession((state) => state.account?.id ?? null);
  const query = useQuery({ ...readQuery('/alliances/map', undefined, { viewer }), enabled: on });
  const data = on ? query.data : undefined;
  useEffect(() => {
    if (!data && useMapView.getState().allianceColours.size === 0) return;
    useMapView.setState({ allianceColours: allianceColours(data?.alliances ?? []) });
  }, [data]);
  return data?.alliances ?? [];
}
