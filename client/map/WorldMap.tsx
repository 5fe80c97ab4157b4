import { useEffect, useRef } from 'react';
import { afterFirstPaint } from './afterFirstPaint.ts';
import type { MapController } from './mapController.ts';

// The map is imperative (see mapController.ts): React only gives it a box and its lifetime.
export function WorldMap() {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // PixiJS comes in its own chunk, so the landing paints without waiting for it to download.
    let controller: MapController | null = null;
    let gone = false;
    const cancelStart = afterFirstPaint(() => {
      import('./mapController.ts')
        .then(({ MapController }) => {
          if (gone) return;
          controller = new MapController(host, window.location.search);
          return controller.start();
        })
        .catch((error: unknown) => console.error('The map could not start', error));
    });
    return () => {
      gone = true;
      cancelStart();
      controller?.destroy();
    };
  }, []);
  return (
    <div
      ref={hostRef}
      className="map-canvas"
      data-testid="map-canvas"
      tabIndex={0}
      role="application"
      aria-roledescription="map"
      aria-label="World map: drag or use the arrow keys to move, + and − to zoom, 0 to reset"
    />
  );
}
