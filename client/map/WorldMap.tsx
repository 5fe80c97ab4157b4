import { useEffect, useRef } from 'react';
import worldPicture from 'virtual:geography/picture';
import { useSession } from '../state/session.ts';
import { afterFirstPaint, whenWanted } from './afterFirstPaint.ts';
import type { MapController } from './mapController.ts';

// The map is imperative (see mapController.ts): React only gives it a box and its lifetime, and the
// world's picture to show until its first frame is painted (styles.css hides it then).
export function WorldMap() {
  const hostRef = useRef<HTMLDivElement>(null);
  const sessionKnown = useSession((state) => state.status === 'ready');
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !sessionKnown) return;
    // PixiJS comes in its own chunk, so the landing paints without waiting for it to download.
    let controller: MapController | null = null;
    let gone = false;
    const start = () => {
      import('./mapController.ts')
        .then(({ MapController }) => {
          if (gone) return;
          controller = new MapController(host, window.location.search);
          return controller.start();
        })
        .catch((error: unknown) => console.error('The map could not start', error));
    };
    // A player came for the map; a visitor's first screen is the landing, and the picture shows the world meanwhile.
    const cancelStart = useSession.getState().account ? afterFirstPaint(start) : whenWanted(start);
    return () => {
      gone = true;
      cancelStart();
      controller?.destroy();
    };
  }, [sessionKnown]);
  return (
    <div
      ref={hostRef}
      className="map-canvas"
      data-testid="map-canvas"
      tabIndex={0}
      role="application"
      aria-roledescription="map"
      aria-label="World map: drag or use the arrow keys to move, + and − to zoom, 0 to reset"
    >
      <img className="world-picture" src={worldPicture} alt="" />
    </div>
  );
}
