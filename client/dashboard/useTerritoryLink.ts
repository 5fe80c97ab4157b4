import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { TERRITORY_PARAM } from '../../schema/routes.ts';
import { showOnMap, useMapView } from '../map/mapView.ts';
import { useWorld } from '../state/world.ts';

/**
 * `/?territory=<id>` (a notice's or a mail's link): once the world and the map are there, the map
 * flies to the territory and selects it, and the address drops the parameter, so a reload or the
 * back button does not fly there again.
 */
export function useTerritoryLink(): void {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get(TERRITORY_PARAM));
  const ready = useWorld((state) => state.status === 'ready');
  const mapped = useMapView((state) => state.camera !== null);
  useEffect(() => {
    if (!Number.isSafeInteger(wanted) || wanted <= 0 || !ready || !mapped) return;
    showOnMap(wanted);
    setParams(
      (current) => {
        current.delete(TERRITORY_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [wanted, ready, mapped, setParams]);
}
