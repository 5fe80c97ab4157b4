import { Application, extend, useApplication } from '@pixi/react';
import { Container, Graphics, Text, TextStyle } from 'pixi.js';
import { useEffect, useRef, type RefObject } from 'react';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { MAP_COLOURS, MAP_HEIGHT, MAP_WIDTH, MAX_ZOOM, type TerritoryType } from '../../schema/constants.ts';
import { coordinatesOf, markerPosition, tierOfType } from '../../schema/rules/territory.ts';
import { useSession } from '../state/session.ts';
import { useWorld } from '../state/world.ts';
import {
  initialCamera,
  panBy,
  pinchStep,
  scaleOf,
  screenToWorld,
  visibleWorldRect,
  wheelZoomFactor,
  clampToMarkerArea,
  worldTransform,
  zoomAt,
  type Camera,
  type Point,
  type Viewport,
} from './camera.ts';
import { useMapOptions } from './mapOptions.ts';
import { MARKER_RADIUS, MarkerLayer, markerTexture, type MarkerSpec } from './markerLayer.ts';
import { drawBoundaries, drawLinks, drawOutlines, type OverlayTerritory } from './overlays.ts';
import { dropPin, pinPosition, sendPinDrag } from './pinTransport.ts';
import { syntheticCountOf, syntheticMarkers } from './synthetic.ts';
import { latestThrottle } from './throttle.ts';
import { frameRecorder, wantsFrameStats } from './frameStats.ts';

extend({ Container, Graphics });

const OCEAN = 0x0c2238;
const OUTSIDE_WORLD = 0x060d17;
const GRID = 0x9fc2e8;
const GRATICULE_STEP_DEGREES = 30;
// Pointer travel, in screen pixels, past which a press counts as a drag and no longer as a click.
const DRAG_THRESHOLD_PX = 4;
// A marker is hit within this many world units of its centre, and never less than this many screen pixels.
const HIT_RADIUS = MARKER_RADIUS + 3;
const MIN_HIT_PX = 10;
// DESIGN.md: pin moves are throttled to at most 20 per second.
const PIN_DRAG_INTERVAL_MS = 50;

const labelStyle = new TextStyle({
  fill: 0xffffff,
  fontFamily: 'system-ui, sans-serif',
  fontSize: 12,
  fontWeight: '600',
  stroke: { color: 0x060d17, width: 3 },
});

const MARKER_LAYER: Record<TerritoryType, number> = { village: 0, common: 0, town: 1, sub: 1, city: 2, wonder: 3, main: 4, wanakt: 5 };

function placedOf(territories: readonly TerritoryDto[]): { specs: MarkerSpec[]; overlay: OverlayTerritory[] } {
  const specs: MarkerSpec[] = [];
  const overlay: OverlayTerritory[] = [];
  for (const territory of territories) {
    const latitude = Number(territory.latitude);
    const longitude = Number(territory.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const { x, y } = markerPosition(latitude, longitude);
    const tint = MAP_COLOURS[tierOfType(territory.type)];
    specs.push({ id: territory.id, x, y, tint, layer: MARKER_LAYER[territory.type] });
    overlay.push({
      id: territory.id,
      parentId: territory.parent_territory_id,
      x,
      y,
      tint,
      ruler: territory.type === 'main' || territory.type === 'wanakt',
    });
  }
  return { specs, overlay };
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

export function WorldMap() {
  const hostRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={hostRef} className="map-canvas" data-testid="map-canvas">
      <Application background={OUTSIDE_WORLD} autoDensity resolution={window.devicePixelRatio || 1}>
        <MapScene hostRef={hostRef} />
      </Application>
    </div>
  );
}

interface MapSceneProps {
  hostRef: RefObject<HTMLDivElement | null>;
}

// @pixi/react can render children before the application has finished initialising (React's
// strict mode mounts twice while init is still pending), and an uninitialised app has no canvas.
function MapScene(props: MapSceneProps) {
  const { isInitialised } = useApplication();
  return isInitialised ? <Scene {...props} /> : null;
}

type Gesture =
  | { kind: 'idle' }
  | { kind: 'press'; pointerId: number; start: Point; last: Point; hit: number | null; dragged: boolean }
  | { kind: 'pin'; pointerId: number; id: number }
  | { kind: 'pinch' };

// Everything after the first render is imperative: the scene subscribes to the stores itself and
// moves Pixi objects directly, so panning, zooming, dragging pins and live updates never re-render React.
// The map draws a frame only when something changed, at most once per animation frame; an idle map
// costs nothing, which matters most where WebGL runs in software.
function Scene({ hostRef }: MapSceneProps) {
  const { app } = useApplication();
  const worldRef = useRef<Container>(null);

  useEffect(() => {
    const host = hostRef.current;
    const world = worldRef.current;
    if (!host || !world) return;
    const canvas = app.canvas;
    app.stop();

    const texture = markerTexture(app.renderer);
    const ocean = new Graphics();
    drawOcean(ocean);
    const boundaries = new Graphics({ eventMode: 'none' });
    const links = new Graphics({ eventMode: 'none' });
    const outlines = new Graphics({ eventMode: 'none' });
    const markers = new MarkerLayer(texture);
    const synthetic = new MarkerLayer(texture);
    const selection = new Container({ eventMode: 'none', visible: false });
    const ring = new Graphics().circle(0, 0, MARKER_RADIUS + 4).stroke({ width: 2, color: 0xffffff });
    // Rendered for the deepest zoom so the label stays sharp when the world is scaled up.
    const label = new Text({ text: '', style: labelStyle, anchor: { x: 0.5, y: 1 }, resolution: MAX_ZOOM * (window.devicePixelRatio || 1) });
    label.y = -MARKER_RADIUS - 6;
    selection.addChild(ring, label);
    world.addChild(ocean, boundaries, links, outlines, synthetic.container, markers.container, selection);

    let camera: Camera = initialCamera({ width: host.clientWidth, height: host.clientHeight });
    let gesture: Gesture = { kind: 'idle' };
    const pointers = new Map<number, Point>();
    let overlay: OverlayTerritory[] = [];
    let overlaysDirty = true;
    let pendingFrame = 0;
    const measure = wantsFrameStats(window.location.search) ? frameRecorder(app.renderer) : (work: () => void) => work();
    const drawFrame = () => {
      pendingFrame = 0;
      measure(() => {
        redrawOverlays();
        app.render();
      });
    };
    const requestFrame = () => {
      pendingFrame ||= requestAnimationFrame(drawFrame);
    };

    const view = (): Viewport => ({ width: app.screen.width, height: app.screen.height });
    const applyCamera = () => {
      const t = worldTransform(camera, view());
      world.position.set(t.x, t.y);
      world.scale.set(t.scale);
      const rect = visibleWorldRect(camera, view());
      markers.cull(rect);
      synthetic.cull(rect);
      requestFrame();
    };
    const pointOf = (event: MouseEvent): Point => {
      const rect = canvas.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const worldPointOf = (event: MouseEvent) => screenToWorld(camera, view(), pointOf(event));
    const markerAt = (event: MouseEvent) => {
      const scale = scaleOf(camera, view());
      const radius = scale > 0 ? Math.max(HIT_RADIUS, MIN_HIT_PX / scale) : HIT_RADIUS;
      return markers.grid.nearest(worldPointOf(event), radius);
    };

    const showSelection = () => {
      const { selectedId, territories } = useWorld.getState();
      const position = selectedId === null ? undefined : markers.positionOf(selectedId);
      const territory = selectedId === null ? undefined : territories.find((t) => t.id === selectedId);
      selection.visible = position !== undefined && territory !== undefined;
      requestFrame();
      if (!position || !territory) return;
      selection.position.set(position.x, position.y);
      if (label.text !== territory.name) label.text = territory.name;
    };

    const heldId = () => (gesture.kind === 'pin' ? gesture.id : null);
    const syncWorld = () => {
      const { territories, status } = useWorld.getState();
      const placed = placedOf(territories);
      markers.sync(placed.specs, heldId());
      overlay = placed.overlay;
      overlaysDirty = true;
      showSelection();
      requestFrame();
      // Published only once the world has loaded, so "0" never stands for "not loaded yet".
      if (status === 'ready') host.dataset.markerCount = String(markers.count + synthetic.count);
    };

    const redrawOverlays = () => {
      if (!overlaysDirty) return;
      overlaysDirty = false;
      const options = useMapOptions.getState();
      // A pin being dragged has moved on the map but not yet in the store.
      const held = heldId();
      const current = held === null ? overlay : overlay.map((t) => (t.id === held ? { ...t, ...markers.positionOf(held) } : t));
      boundaries.visible = options.showBoundaries;
      links.visible = options.showLinks;
      if (options.showBoundaries) drawBoundaries(boundaries, current);
      if (options.showLinks) drawLinks(links, current);
      drawOutlines(outlines, current, options.outlined);
    };

    const syntheticCount = syntheticCountOf(window.location.search);
    if (syntheticCount > 0) synthetic.sync(syntheticMarkers(syntheticCount), null);

    syncWorld();
    applyCamera();
    const unsubscribeWorld = useWorld.subscribe((state, previous) => {
      if (state.territories !== previous.territories || state.status !== previous.status) syncWorld();
      else if (state.selectedId !== previous.selectedId) showSelection();
    });
    const unsubscribeOptions = useMapOptions.subscribe((state, previous) => {
      overlaysDirty = true;
      requestFrame();
      host.dataset.pinEdit = String(state.pinEdit);
      if (!state.pinEdit && previous.pinEdit && gesture.kind === 'pin') endPinDrag(false);
    });
    host.dataset.pinEdit = String(useMapOptions.getState().pinEdit);

    const canDragPins = () => useMapOptions.getState().pinEdit && useSession.getState().account?.is_wanakt === true;
    const pinMoves = latestThrottle<{ id: number; x: number; y: number }>(PIN_DRAG_INTERVAL_MS, ({ id, x, y }) => sendPinDrag(id, x, y));

    const endPinDrag = (save: boolean) => {
      if (gesture.kind !== 'pin') return;
      const { id } = gesture;
      gesture = { kind: 'idle' };
      host.classList.remove('dragging');
      pinMoves.cancel();
      const account = useSession.getState().account;
      const position = markers.positionOf(id);
      if (save && account && position) {
        const { latitude, longitude } = coordinatesOf(position.x, position.y);
        void dropPin(id, account.id, pinPosition(latitude, longitude));
      } else {
        syncWorld();
      }
    };

    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      camera = zoomAt(camera, view(), pointOf(event), wheelZoomFactor(event.deltaY, event.deltaMode));
      applyCamera();
    };

    const twoPointers = (): [Point, Point] => {
      const [a, b] = [...pointers.values()];
      return [a, b];
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      pointers.set(event.pointerId, pointOf(event));
      canvas.setPointerCapture(event.pointerId);
      if (pointers.size === 2 && gesture.kind !== 'pin') {
        gesture = { kind: 'pinch' };
        return;
      }
      if (pointers.size !== 1) return;
      const hit = markerAt(event);
      if (hit !== null && canDragPins()) {
        gesture = { kind: 'pin', pointerId: event.pointerId, id: hit };
        host.classList.add('dragging');
        useWorld.getState().select(hit);
        return;
      }
      const point = pointOf(event);
      gesture = { kind: 'press', pointerId: event.pointerId, start: point, last: point, hit, dragged: false };
    };

    const onPointerMove = (event: PointerEvent) => {
      const point = pointOf(event);
      if (!pointers.has(event.pointerId)) {
        // Hovering: the cursor tells what a press would do.
        if (event.pointerType === 'mouse') {
          const hit = markerAt(event);
          host.dataset.hover = hit === null ? '' : canDragPins() ? 'pin' : 'marker';
        }
        return;
      }
      if (gesture.kind === 'pinch' && pointers.size === 2) {
        const before = twoPointers();
        pointers.set(event.pointerId, point);
        camera = pinchStep(camera, view(), before, twoPointers());
        applyCamera();
        return;
      }
      pointers.set(event.pointerId, point);
      if (gesture.kind === 'pin' && event.pointerId === gesture.pointerId) {
        const { x, y } = clampToMarkerArea(worldPointOf(event));
        markers.move(gesture.id, x, y);
        pinMoves.push({ id: gesture.id, x, y });
        overlaysDirty = true;
        showSelection();
        requestFrame();
        return;
      }
      if (gesture.kind !== 'press' || event.pointerId !== gesture.pointerId) return;
      if (!gesture.dragged && Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) < DRAG_THRESHOLD_PX) return;
      if (!gesture.dragged) host.classList.add('dragging');
      gesture.dragged = true;
      camera = panBy(camera, view(), point.x - gesture.last.x, point.y - gesture.last.y);
      gesture.last = point;
      applyCamera();
    };

    const onPointerEnd = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      if (gesture.kind === 'pin') {
        if (event.pointerId === gesture.pointerId) endPinDrag(event.type === 'pointerup');
        return;
      }
      if (gesture.kind === 'pinch') {
        // The finger left on the glass keeps panning, but lifting it selects nothing.
        const [remaining] = [...pointers.entries()];
        gesture = remaining
          ? { kind: 'press', pointerId: remaining[0], start: remaining[1], last: remaining[1], hit: null, dragged: true }
          : { kind: 'idle' };
        return;
      }
      if (gesture.kind === 'press' && event.pointerId === gesture.pointerId) {
        if (!gesture.dragged && event.type === 'pointerup') useWorld.getState().select(gesture.hit);
        gesture = { kind: 'idle' };
        host.classList.remove('dragging');
      }
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
      unsubscribeWorld();
      unsubscribeOptions();
      pinMoves.cancel();
      cancelAnimationFrame(pendingFrame);
      world.removeChildren();
      markers.destroy();
      synthetic.destroy();
      texture.destroy(true);
      for (const object of [ocean, boundaries, links, outlines, selection]) object.destroy({ children: true });
      delete host.dataset.markerCount;
    };
  }, [app, hostRef]);

  return <pixiContainer ref={worldRef} />;
}
