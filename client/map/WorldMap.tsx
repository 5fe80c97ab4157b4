import { Application, extend, useApplication } from '@pixi/react';
import { Circle, Container, Graphics, GraphicsContext, Text, TextStyle } from 'pixi.js';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { MAP_COLOURS, MAP_HEIGHT, MAP_WIDTH, MAX_ZOOM } from '../../schema/constants.ts';
import { markerPosition, tierOfType } from '../../schema/rules/territory.ts';
import { useWorld } from '../state/world.ts';
import {
  INITIAL_CAMERA,
  panBy,
  wheelZoomFactor,
  worldTransform,
  zoomAt,
  type Camera,
  type Point,
  type Viewport,
} from './camera.ts';

extend({ Container, Graphics, Text });

const OCEAN = 0x0c2238;
const OUTSIDE_WORLD = 0x060d17;
const GRID = 0x9fc2e8;
const GRATICULE_STEP_DEGREES = 30;
const MARKER_RADIUS = 5;
// Pointer travel, in screen pixels, past which a press counts as a drag and no longer as a click.
const DRAG_THRESHOLD_PX = 4;

// Every marker shares this one geometry and differs only by position and tint, so the GPU
// data is built once however many territories there are. Drawn white so the tint is the colour.
const markerContext = new GraphicsContext()
  .circle(0, 0, MARKER_RADIUS)
  .fill(0xffffff)
  .stroke({ width: 1.5, color: 0x0b1320, alpha: 0.8 });
// A little larger than the dot, so small markers are easy to hit.
const markerHitArea = new Circle(0, 0, MARKER_RADIUS + 3);

const labelStyle = new TextStyle({
  fill: 0xffffff,
  fontFamily: 'system-ui, sans-serif',
  fontSize: 12,
  fontWeight: '600',
  stroke: { color: 0x060d17, width: 3 },
});

interface Marker {
  id: number;
  name: string;
  x: number;
  y: number;
  tint: number;
}

function markersOf(territories: readonly TerritoryDto[]): Marker[] {
  return territories.flatMap((territory) => {
    const latitude = Number(territory.latitude);
    const longitude = Number(territory.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return [];
    const { x, y } = markerPosition(latitude, longitude);
    return [{ id: territory.id, name: territory.name, x, y, tint: MAP_COLOURS[tierOfType(territory.type)] }];
  });
}

// markerPosition clamps to the marker margins, but the grid has to reach the map's edges.
function drawOcean(g: Graphics): void {
  g.clear();
  g.rect(0, 0, MAP_WIDTH, MAP_HEIGHT).fill(OCEAN);
  for (let longitude = -180; longitude <= 180; longitude += GRATICULE_STEP_DEGREES) {
    const x = ((longitude + 180) / 360) * MAP_WIDTH;
    g.moveTo(x, 0).lineTo(x, MAP_HEIGHT);
  }
  for (let latitude = -90; latitude <= 90; latitude += GRATICULE_STEP_DEGREES) {
    const y = ((90 - latitude) / 180) * MAP_HEIGHT;
    g.moveTo(0, y).lineTo(MAP_WIDTH, y);
  }
  g.stroke({ width: 1, color: GRID, alpha: 0.16 });
  g.moveTo(0, MAP_HEIGHT / 2).lineTo(MAP_WIDTH, MAP_HEIGHT / 2).stroke({ width: 1, color: GRID, alpha: 0.35 });
}

function drawSelectionRing(g: Graphics): void {
  g.clear();
  g.circle(0, 0, MARKER_RADIUS + 4).stroke({ width: 2, color: 0xffffff });
}

export function WorldMap() {
  const hostRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={hostRef} className="map-canvas" data-testid="map-canvas">
      <Application background={OUTSIDE_WORLD} antialias autoDensity resolution={window.devicePixelRatio || 1}>
        <MapScene hostRef={hostRef} />
      </Application>
    </div>
  );
}

// The scene reads the world store itself instead of taking it as props: @pixi/react can commit
// the children of a render that started before its application finished initialising, so props
// passed across <Application> may be stale, while a store subscription is always current.
interface MapSceneProps {
  hostRef: RefObject<HTMLDivElement | null>;
}

// @pixi/react can render children before the application has finished initialising (React's
// strict mode mounts twice while init is still pending), and an uninitialised app has no canvas.
function MapScene(props: MapSceneProps) {
  const { isInitialised } = useApplication();
  return isInitialised ? <Scene {...props} /> : null;
}

// The camera lives in refs and is applied to the world container directly, so panning and
// zooming never re-render React.
function Scene({ hostRef }: MapSceneProps) {
  const { app } = useApplication();
  const territories = useWorld((state) => state.territories);
  const worldReady = useWorld((state) => state.status === 'ready');
  const markers = useMemo(() => markersOf(territories), [territories]);
  const worldRef = useRef<Container>(null);
  const markerLayerRef = useRef<Container>(null);
  const camera = useRef<Camera>(INITIAL_CAMERA);
  // Whether the current press has moved far enough to be a drag; a tap after a drag selects nothing.
  const dragged = useRef(false);
  const select = useWorld((state) => state.select);
  const selected = useWorld((state) => markers.find((marker) => marker.id === state.selectedId));

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const canvas = app.canvas;
    const view = (): Viewport => ({ width: app.screen.width, height: app.screen.height });
    const applyCamera = () => {
      const world = worldRef.current;
      if (!world) return;
      const t = worldTransform(camera.current, view());
      world.position.set(t.x, t.y);
      world.scale.set(t.scale);
    };
    const pointOf = (event: MouseEvent): Point => {
      const rect = canvas.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };

    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const factor = wheelZoomFactor(event.deltaY, event.deltaMode);
      camera.current = zoomAt(camera.current, view(), pointOf(event), factor);
      applyCamera();
    };

    let press: { pointerId: number; start: Point; last: Point } | null = null;
    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      const point = pointOf(event);
      press = { pointerId: event.pointerId, start: point, last: point };
      dragged.current = false;
      canvas.setPointerCapture(event.pointerId);
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!press || event.pointerId !== press.pointerId) return;
      const point = pointOf(event);
      if (!dragged.current && Math.hypot(point.x - press.start.x, point.y - press.start.y) < DRAG_THRESHOLD_PX) return;
      if (!dragged.current) host.classList.add('dragging');
      dragged.current = true;
      camera.current = panBy(camera.current, view(), point.x - press.last.x, point.y - press.last.y);
      press.last = point;
      applyCamera();
    };
    const onPointerEnd = (event: PointerEvent) => {
      if (!press || event.pointerId !== press.pointerId) return;
      press = null;
      host.classList.remove('dragging');
    };

    // Pixi's own resizeTo only follows window resizes; the map's box also changes with the layout.
    const resizeObserver = new ResizeObserver(() => {
      app.renderer.resize(host.clientWidth, host.clientHeight);
      applyCamera();
    });
    resizeObserver.observe(host);

    canvas.addEventListener('wheel', onWheel, { passive: false });
    canvas.addEventListener('pointerdown', onPointerDown);
    canvas.addEventListener('pointermove', onPointerMove);
    canvas.addEventListener('pointerup', onPointerEnd);
    canvas.addEventListener('pointercancel', onPointerEnd);
    return () => {
      resizeObserver.disconnect();
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', onPointerEnd);
      canvas.removeEventListener('pointercancel', onPointerEnd);
    };
  }, [app, hostRef]);

  // Markers are plain Pixi objects, not React elements: hundreds of them (thousands later) need
  // no reconciliation, and rebuilding happens only when the list of territories changes.
  useEffect(() => {
    const layer = markerLayerRef.current;
    const host = hostRef.current;
    if (!layer || !host) return;
    for (const marker of markers) {
      const dot = new Graphics(markerContext);
      dot.position.set(marker.x, marker.y);
      dot.tint = marker.tint;
      dot.hitArea = markerHitArea;
      dot.eventMode = 'static';
      dot.cursor = 'pointer';
      dot.on('pointertap', () => {
        if (!dragged.current) select(marker.id);
      });
      layer.addChild(dot);
    }
    // Published only once the world has loaded, so "0" never stands for "not loaded yet".
    if (worldReady) host.dataset.markerCount = String(layer.children.length);
    return () => {
      // Destroying a Graphics built on a passed-in context leaves that shared context intact.
      for (const dot of layer.removeChildren()) dot.destroy();
      delete host.dataset.markerCount;
    };
  }, [markers, worldReady, select, hostRef]);

  const deselect = useCallback(() => {
    if (!dragged.current) select(null);
  }, [select]);

  return (
    <pixiContainer ref={worldRef}>
      <pixiGraphics draw={drawOcean} eventMode="static" onPointerTap={deselect} />
      <pixiContainer ref={markerLayerRef} />
      {selected && (
        <pixiContainer x={selected.x} y={selected.y} eventMode="none">
          <pixiGraphics draw={drawSelectionRing} />
          <pixiText
            text={selected.name}
            style={labelStyle}
            anchor={{ x: 0.5, y: 1 }}
            y={-MARKER_RADIUS - 6}
            // Rendered for the deepest zoom so the label stays sharp when the world is scaled up.
            resolution={MAX_ZOOM * (window.devicePixelRatio || 1)}
          />
        </pixiContainer>
      )}
    </pixiContainer>
  );
}
