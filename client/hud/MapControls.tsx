import './mapHud.css';
import { useMapView } from '../map/mapView.ts';

const ZOOM_STEP = 2;

// Zoom and reset buttons over the map, for those without a wheel or a second finger.
export function MapControls() {
  const camera = useMapView((state) => state.camera);
  const canZoomOut = useMapView((state) => state.canZoomOut);
  return (
    <div className="map-zoom panel" role="group" aria-label="Zoom">
      <button className="icon-button" type="button" aria-label="Zoom in" disabled={!camera} onClick={() => camera?.zoomBy(ZOOM_STEP)}>
        +
      </button>
      <button
        className="icon-button"
        type="button"
        aria-label={canZoomOut ? 'Zoom out' : 'Zoom out: the whole world is in view'}
        title={canZoomOut ? 'Zoom out' : 'The whole world is in view'}
        disabled={!camera || !canZoomOut}
        onClick={() => camera?.zoomBy(1 / ZOOM_STEP)}
      >
        −
      </button>
      <button
        className="icon-button"
        type="button"
        aria-label="Show every territory"
        title="Show every territory"
        disabled={!camera}
        onClick={() => camera?.reset()}
      >
        ⌂
      </button>
    </div>
  );
}
