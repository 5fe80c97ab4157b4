import { useEffect, useRef } from 'react';
import { afterFirstPaint } from './afterFirstPaint.ts';
import { MapController } from './mapController.ts';

// The map is imperative (see mapController.ts): React only gives it a box and its lifetime.
export function WorldMap() {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const controller = new MapController(host, window.location.search);
    const cancelStart = afterFirstPaint(() => void controller.start().catch((error: unknown) => console.error('The map could not start', error)));
    return () => {
      cancelStart();
      controller.destroy();
    };
  }, []);
  return <div ref={hostRef} className="map-canvas" data-testid="map-canvas" tabIndex={0} role="application" aria-roledescription="map" aria-label="World map: drag or use the arrow keys to move, + and − to zoom, 0 to reset" />;
}
