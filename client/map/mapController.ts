// The world map: owns the Pixi stage, follows the stores, and draws a frame only when something
// changed (at most one per animation frame), so an idle map costs nothing where WebGL runs in
// software. The React component only mounts it.
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, type Texture } from 'pixi.js';
import type { BoundingBox } from '../../schema/rules/viewport.ts';
import { viewerRegion } from '../../schema/rules/banner.ts';
import type { Region } from '../../schema/rules/region.ts';
import { coordinatesOf, markerPosition } from '../../schema/rules/territory.ts';
import { worldView } from '../api.ts';
import { reportBox, reportView } from '../state/room.ts';
import { useSession } from '../state/session.ts';
import { useWorld } from '../state/world.ts';
import {
  INITIAL_CAMERA,
  cameraBetween,
  clampZoom,
  clampToMarkerArea,
  keepViewOnWorld,
  panBy,
  pinchStep,
  scaleOf,
  screenToWorld,
  visibleWorldRect,
  worldToScreen,
  worldTransform,
  zoomAt,
  type Camera,
  type Point,
  type Viewport,
} from './camera.ts';
import { viewCentre } from './bannerView.ts';
import { ClusterLayer } from './clusterLayer.ts';
import { passesFilters } from './colourModes.ts';
import { EffectsLayer } from './effectsLayer.ts';
import { yieldToBrowser } from './afterFirstPaint.ts';
import { frameRecorder, wantsEmptyStage, wantsFrameStats } from './frameStats.ts';
import { GeographyLayer } from './geographyLayer.ts';
import { GEOGRAPHY_COLOURS } from './geographyRaster.ts';
import { LabelLayer, type LabelSource } from './labelLayer.ts';
import { LABEL_MIN_SCALE } from './labels.ts';
import { MapInput } from './mapInput.ts';
import { useMapOptions } from './mapOptions.ts';
import { useMapView } from './mapView.ts';
import { canZoomOut, fannedPosition, flyTarget, homeCamera, labelCandidates, openingCamera, placeWorld, type Placed } from './mapModel.ts';
import { MarkerLayer, markerTexture, ringTexture } from './markerLayer.ts';
import { OneInFlight } from './oneInFlight.ts';
import { rendererPreference } from './rendererPreference.ts';
import { drawBoundaries, drawLinks, drawOutlines, type OverlayTerritory } from './overlays.ts';
import { dropPin, pinPosition, sendPinDrag } from './pinTransport.ts';
import { syntheticCountOf, syntheticMarkers } from './synthetic.ts';
import { latestThrottle } from './throttle.ts';
import { worldChanges } from './worldChanges.ts';
import { boxOfRect, sameBox, territoriesInView, viewZoom, type MapTerritory, type ViewAnswer } from './viewSet.ts';

// A marker is hit within this many screen pixels of its centre.
const HIT_PX = 10;
// docs/design.md: pin moves are throttled to at most 20 per second.
const PIN_DRAG_INTERVAL_MS = 50;
const FLIGHT_MS = 650;
// How long the camera must rest before the geography is rasterised again at the new view.
const REST_MS = 300;
const NO_CLUSTERS: ViewAnswer['clusters'] = [];

export class MapController {
  private readonly app = new Application();
  private destroyed = false;
  private readonly cleanups: (() => void)[] = [];
  private camera: Camera = INITIAL_CAMERA;
  private flight: { from: Camera; to: Camera; start: number } | null = null;
  private pendingFrame = 0;
  private overlaysDirty = true;
  private labelsDirty = true;
  private placed = new Map<number, Placed>();
  private fan = new Map<number, { dx: number; dy: number }>();
  private overlay: OverlayTerritory[] = [];
  private syntheticLabels: LabelSource[] = [];
  /** The territories drawn as markers now. */
  private drawn: MapTerritory[] = [];
  /** Where the home view looks: every territory of the world list the filters keep. */
  private homePoints: Point[] = [];
  /** What the server answered for the box the map last rested on. */
  private answer: ViewAnswer | null = null;
  private asked: { box: BoundingBox; zoom: number } | null = null;
  private answered: { box: BoundingBox; zoom: number } | null = null;
  private readonly views = new OneInFlight<{ box: BoundingBox; zoom: number }>((request) => this.readView(request));
  private painted = false;
  /** Whether the camera still waits for the world to be loaded to take its home view. */
  private homeless = true;
  /** Whether the camera shows the home view and the player has not moved it since. */
  private atHome = true;
  /** Whether the home view is still the one the map opened on (openingCamera), until ⌂ asks for every territory. */
  private opening = true;
  private restTimer: ReturnType<typeof setTimeout> | undefined;
  /** The region the room was last told the map looks at; null (the viewer's home region) until the map looks elsewhere. */
  private viewedRegion: Region | null = null;
  private readonly emptyStage: boolean;

  // Built once the application has started.
  private world!: Container;
  private markers!: MarkerLayer;
  private rings!: MarkerLayer;
  private synthetic!: MarkerLayer;
  private clusters!: ClusterLayer;
  // Started first, so the worker paints the world while PixiJS starts.
  private readonly geography = new GeographyLayer(
    () => this.world && this.requestFrame(),
    () => {
      this.host.dataset.detail = 'close';
      this.scheduleRest();
    },
  );
  private labels!: LabelLayer;
  private effects!: EffectsLayer;
  private marks!: Graphics;
  private boundaries!: Graphics;
  private links!: Graphics;
  private outlines!: Graphics;
  private input!: MapInput;
  private measure: (work: () => void) => void = (work) => work();
  private textures: Texture[] = [];

  private readonly pinMoves = latestThrottle<{ id: number; x: number; y: number }>(PIN_DRAG_INTERVAL_MS, ({ id, x, y }) =>
    sendPinDrag(id, x, y),
  );

  private readonly host: HTMLElement;
  private readonly search: string;

  constructor(host: HTMLElement, search: string) {
    this.host = host;
    this.search = search;
    this.emptyStage = wantsEmptyStage(search);
  }

  async start(): Promise<void> {
    const { host } = this;
    await this.app.init({
      preference: rendererPreference(),
      background: GEOGRAPHY_COLOURS.ocean,
      width: Math.max(1, host.clientWidth),
      height: Math.max(1, host.clientHeight),
      autoDensity: true,
      resolution: window.devicePixelRatio || 1,
      autoStart: false,
      sharedTicker: false,
    });
    // The context's creation and the world's first rasterising are each long: apart, input and paint get between them.
    await yieldToBrowser();
    if (this.destroyed) {
      this.app.destroy(true, { children: true });
      return;
    }
    this.app.ticker.stop();
    host.appendChild(this.app.canvas);
    this.build();
    await yieldToBrowser();
    // destroy() has already let go of what build() made.
    if (this.destroyed) return;
    this.subscribe();
    this.input = new MapInput(this.app.canvas, host, this);
    this.cleanups.push(() => this.input.destroy());
    useMapView.setState({ camera: { zoomBy: (factor) => this.zoomBy(factor), reset: () => this.reset(), flyTo: (id) => this.flyTo(id) } });
    this.syncWorld();
    this.applyCamera();
  }

  destroy(): void {
    this.destroyed = true;
    if (!this.world) {
      this.geography.destroy();
      return;
    }
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.pinMoves.cancel();
    cancelAnimationFrame(this.pendingFrame);
    clearTimeout(this.restTimer);
    useMapView.setState({ camera: null, hover: null });
    this.markers.destroy();
    this.rings.destroy();
    this.synthetic.destroy();
    this.clusters.destroy();
    this.geography.destroy();
    this.labels.destroy();
    this.effects.destroy();
    for (const texture of this.textures) texture.destroy(true);
    this.app.destroy(true, { children: true });
    for (const key of ['markerCount', 'clusters', 'camera', 'flying', 'pulsing', 'appearing', 'labels', 'detail', 'paintedAt'])
      delete this.host.dataset[key];
  }

  // ── Camera ────────────────────────────────────────────────────────────────

  private view(): Viewport {
    return { width: this.app.screen.width, height: this.app.screen.height };
  }

  private scale(): number {
    return scaleOf(this.camera, this.view());
  }

  private applyCamera(): void {
    const view = this.view();
    const t = worldTransform(this.camera, view);
    this.world.position.set(t.x, t.y);
    this.world.scale.set(t.scale);
    const rect = visibleWorldRect(this.camera, view);
    this.placeFanned();
    this.markers.cull(rect, t.scale);
    this.rings.cull(rect, t.scale);
    this.synthetic.cull(rect, t.scale);
    this.geography.cover(rect);
    this.scheduleRest();
    this.host.dataset.camera = `${this.camera.centerX.toFixed(4)},${this.camera.centerY.toFixed(4)},${this.camera.zoom.toFixed(5)}`;
    this.labelsDirty = true;
    // Realm padding follows the zoom, so the overlays are redrawn when it changes.
    this.overlaysDirty ||= useMapOptions.getState().showBoundaries || useMapOptions.getState().outlined.size > 0;
    if (useMapView.getState().hover) useMapView.setState({ hover: null });
    const zoomOut = canZoomOut(this.camera, view);
    if (useMapView.getState().canZoomOut !== zoomOut) useMapView.setState({ canZoomOut: zoomOut });
    this.publishSelected();
    this.requestFrame();
  }

  /** Where the selected marker is in the map's box, so its popup can stand beside it. */
  private publishSelected(): void {
    const { selectedId } = useWorld.getState();
    const at = selectedId === null ? undefined : this.drawnPosition(selectedId);
    const screen = at && worldToScreen(this.camera, this.view(), at);
    const current = useMapView.getState().selectedAt;
    if (!screen) {
      if (current) useMapView.setState({ selectedAt: null });
      return;
    }
    const rounded = { x: Math.round(screen.x), y: Math.round(screen.y) };
    if (current?.x !== rounded.x || current?.y !== rounded.y) useMapView.setState({ selectedAt: rounded });
  }

  // Once the camera rests, the room and the server hear of what the map shows and the geography is
  // sharpened; meanwhile the markers and pictures are just moved and scaled.
  private scheduleRest(): void {
    clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => {
      if (this.destroyed || this.flight) return;
      this.reportRegion();
      this.askForView();
      this.sharpenGeography();
    }, REST_MS);
  }

  /**
   * Asks for what the box on the screen shows (its markers, or its clusters and always-shown
   * territories), and tells the room, which then sends this client the changes inside it only.
   */
  private askForView(): void {
    // Before the world list is read the camera is not at home yet: it asks once it is.
    if (this.homeless) return;
    const request = { box: boxOfRect(visibleWorldRect(this.camera, this.view())), zoom: viewZoom(this.camera.zoom) };
    if (this.asked && sameBox(this.asked.box, request.box) && this.asked.zoom === request.zoom) return;
    this.asked = request;
    reportBox(request.box, request.zoom);
    this.views.submit(request);
  }

  private readView(request: { box: BoundingBox; zoom: number }): void {
    const { box, zoom } = request;
    worldView(box, zoom)
      .then((answer) => {
        // A process of the version before the view call (during a rolling restart) answers a bbox with
        // a plain list: the map then goes on drawing the world list.
        if (Array.isArray(answer?.clusters)) this.answer = { box, clusters: answer.clusters, territories: answer.territories };
      })
      .catch((error: unknown) => console.error('Could not read what the map shows', error))
      .finally(() => {
        this.answered = request;
        this.views.answered();
        if (!this.destroyed) this.syncWorld();
      });
  }

  /**
   * Tells the room where the map looks only when that moves it to another region: the room shows the
   * banners of the viewer's region (schema/rules/banner.ts viewerRegion), so a pan inside one changes nothing.
   */
  private reportRegion(): void {
    const at = viewCentre(this.camera, this.home().zoom);
    const region = viewerRegion(at, null);
    if (region === this.viewedRegion) return;
    this.viewedRegion = region;
    reportView(at);
  }

  private sharpenGeography(): void {
    const rect = visibleWorldRect(this.camera, this.view());
    const scale = this.scale();
    if (this.geography.isSharp(rect, scale)) return;
    this.geography.rasterise(rect, scale);
    this.requestFrame();
  }

  private setCamera(camera: Camera): void {
    this.flight = null;
    this.host.dataset.flying = 'false';
    this.camera = camera;
    this.applyCamera();
  }

  private flyToCamera(to: Camera): void {
    this.flight = { from: this.camera, to: keepViewOnWorld(to, this.view()), start: performance.now() };
    this.host.dataset.flying = 'true';
    this.requestFrame();
  }

  pan(dx: number, dy: number): void {
    this.atHome = false;
    this.setCamera(panBy(this.camera, this.view(), dx, dy));
  }

  zoomAt(anchor: Point, factor: number): void {
    this.atHome = false;
    this.setCamera(zoomAt(this.camera, this.view(), anchor, factor));
  }

  pinch(before: [Point, Point], after: [Point, Point]): void {
    this.atHome = false;
    this.setCamera(pinchStep(this.camera, this.view(), before, after));
  }

  zoomBy(factor: number): void {
    this.atHome = false;
    const view = this.view();
    const target = this.flight?.to ?? this.camera;
    this.flyToCamera(zoomAt(target, view, { x: view.width / 2, y: view.height / 2 }, factor));
  }

  /** The home view: every territory in sight, or on an upright phone first the world filling the map's height. */
  private home(): Camera {
    return this.opening ? openingCamera(this.view(), this.homePoints) : homeCamera(this.view(), this.homePoints);
  }

  reset(): void {
    this.atHome = true;
    this.opening = false;
    this.flyToCamera(this.home());
  }

  /** Flies to a territory and selects it; the zoom is at least enough to name it among its neighbours. */
  flyTo(id: number): void {
    const placed = this.placed.get(id) ?? this.listed(id);
    if (!placed) return;
    this.atHome = false;
    this.flyToCamera(flyTarget(placed, this.fan.get(id), this.camera, this.view()));
    useWorld.getState().select(id);
  }

  /** Where a territory of the world list is, when it is not among the markers drawn now. */
  private listed(id: number): Placed | undefined {
    const territory = useWorld.getState().territories.find((candidate) => candidate.id === id);
    return territory && { territory, ...markerPosition(Number(territory.latitude), Number(territory.longitude)) };
  }

  // ── Frames ────────────────────────────────────────────────────────────────

  private requestFrame(): void {
    if (this.destroyed) return;
    this.pendingFrame ||= requestAnimationFrame(() => this.drawFrame());
  }

  private drawFrame(): void {
    this.pendingFrame = 0;
    const now = performance.now();
    if (this.flight) {
      const progress = (now - this.flight.start) / FLIGHT_MS;
      this.camera = keepViewOnWorld(cameraBetween(this.flight.from, this.flight.to, progress), this.view());
      if (progress >= 1) {
        this.flight = null;
        this.host.dataset.flying = 'false';
      }
      this.applyCamera();
    }
    this.measure(() => {
      if (!this.emptyStage) {
        this.redrawOverlays();
        this.drawScreenLayers(now);
      }
      this.app.render();
    });
    this.publishPaint();
    if (this.flight || this.effects.active) this.requestFrame();
  }

  // First meaningful paint: the geography and the world's markers on the screen together.
  private publishPaint(): void {
    if (this.painted || !this.geography.hasPicture || useWorld.getState().status !== 'ready') return;
    this.painted = true;
    this.host.dataset.paintedAt = performance.now().toFixed(0);
  }

  private drawScreenLayers(now: number): void {
    const view = this.view();
    const toScreen = (id: number) => {
      const at = this.drawnPosition(id);
      return at && worldToScreen(this.camera, view, at);
    };
    this.effects.draw(now, toScreen, (id, alpha) => {
      this.markers.setAlpha(id, alpha);
      this.rings.setAlpha(id, alpha);
    });
    this.host.dataset.pulsing = this.effects.running('newOwner').join(' ');
    this.host.dataset.appearing = this.effects.running('appeared').join(' ');
    this.drawSelection(toScreen);
    if (this.labelsDirty) {
      this.labelsDirty = false;
      this.host.dataset.clusters = String(this.clusters.draw(this.camera, view, this.scale()));
      this.labels.update(this.labelSources(view), view, this.scale());
      this.host.dataset.labels = String(this.labels.shown.names);
      // Which badges are up, by kind, for a test to read: the canvas keeps no text to search.
      this.host.dataset.badges = this.labels.shownBadges();
    }
  }

  private drawSelection(toScreen: (id: number) => Point | undefined): void {
    const { selectedId } = useWorld.getState();
    this.marks.clear();
    const at = selectedId === null ? undefined : toScreen(selectedId);
    if (!at || selectedId === null) return;
    const radius = (this.markers.radiusOf(selectedId) ?? 5) + 4;
    this.marks.circle(at.x, at.y, radius).stroke({ width: 2, color: 0xffffff });
  }

  private labelSources(view: Viewport): LabelSource[] {
    const scale = this.scale();
    const rect = visibleWorldRect(this.camera, view);
    const inView = (x: number, y: number) => x >= rect.minX && x <= rect.maxX && y >= rect.minY && y <= rect.maxY;
    const sources: LabelSource[] = labelCandidates(
      this.placed,
      (id) => this.markers.positionOf(id),
      this.camera,
      view,
      useMapView.getState().mode,
      useMapView.getState().marks,
    );
    // Made-up markers are named like villages, so they only compete for space close in.
    if (scale >= LABEL_MIN_SCALE.village) {
      for (const source of this.syntheticLabels) {
        const at = this.synthetic.positionOf(source.id);
        if (!at || !inView(at.x, at.y)) continue;
        const screen = worldToScreen(this.camera, view, at);
        sources.push({ ...source, x: screen.x, y: screen.y });
      }
    }
    return sources;
  }

  // ── World ─────────────────────────────────────────────────────────────────

  private build(): void {
    const { renderer } = this.app;
    const dot = markerTexture(renderer);
    const ring = ringTexture(renderer);
    this.textures = [dot, ring];
    this.world = new Container({ eventMode: 'none' });
    this.boundaries = new Graphics({ eventMode: 'none' });
    this.links = new Graphics({ eventMode: 'none' });
    this.outlines = new Graphics({ eventMode: 'none' });
    this.markers = new MarkerLayer(dot);
    this.rings = new MarkerLayer(ring);
    this.synthetic = new MarkerLayer(dot);
    this.clusters = new ClusterLayer();
    this.labels = new LabelLayer();
    this.effects = new EffectsLayer();
    this.marks = new Graphics({ eventMode: 'none' });
    this.host.dataset.detail = 'far';
    if (!this.emptyStage) {
      this.world.addChild(
        this.geography.container,
        this.boundaries,
        this.links,
        this.outlines,
        this.clusters.discs,
        this.synthetic.container,
        this.markers.container,
        this.rings.container,
      );
      this.app.stage.addChild(this.world, this.clusters.counts, this.effects.graphics, this.marks, this.labels.container);
    }
    if (wantsFrameStats(this.search)) this.measure = frameRecorder(this.app.renderer);
    const syntheticCount = syntheticCountOf(this.search);
    if (syntheticCount > 0) {
      const specs = syntheticMarkers(syntheticCount);
      this.synthetic.sync(specs, null);
      this.syntheticLabels = specs.map((spec) => ({ id: spec.id, type: 'village', name: `Hamlet ${-spec.id}`, badge: null, x: 0, y: 0 }));
    }
  }

  private subscribe(): void {
    const { host } = this;
    const unsubscribeWorld = useWorld.subscribe((state, previous) => {
      if (state.territories !== previous.territories || state.live !== previous.live || state.status !== previous.status) {
        const before = this.drawn;
        this.syncWorld();
        this.showChanges(before, this.drawn);
      } else if (state.selectedId !== previous.selectedId) {
        this.publishSelected();
        this.requestFrame();
      }
    });
    const unsubscribeOptions = useMapOptions.subscribe((state, previous) => {
      this.overlaysDirty = true;
      this.requestFrame();
      host.dataset.pinEdit = String(state.pinEdit);
      if (!state.pinEdit && previous.pinEdit) this.input.cancelPin();
    });
    const unsubscribeView = useMapView.subscribe((state, previous) => {
      if (state.mode !== previous.mode || state.filters !== previous.filters || state.allianceColours !== previous.allianceColours)
        this.syncWorld();
      else if (state.marks !== previous.marks) {
        this.labelsDirty = true;
        this.requestFrame();
      }
    });
    const unsubscribeSession = useSession.subscribe((state, previous) => {
      if (state.account?.id !== previous.account?.id) this.syncWorld();
    });
    host.dataset.pinEdit = String(useMapOptions.getState().pinEdit);
    // Pixi's own resizeTo only follows window resizes; the map's box also changes with the layout.
    const resizeObserver = new ResizeObserver(() => {
      this.app.renderer.resize(Math.max(1, host.clientWidth), Math.max(1, host.clientHeight));
      // Until the player moves it, the camera keeps the home view of whatever shape the map now has.
      this.camera = this.atHome
        ? this.home()
        : keepViewOnWorld({ ...this.camera, zoom: clampZoom(this.camera.zoom, this.view()) }, this.view());
      this.applyCamera();
    });
    resizeObserver.observe(host);
    this.cleanups.push(unsubscribeWorld, unsubscribeOptions, unsubscribeView, unsubscribeSession, () => resizeObserver.disconnect());
  }

  private showChanges(before: readonly MapTerritory[], after: readonly MapTerritory[]): void {
    const changes = worldChanges(before, after);
    const now = performance.now();
    for (const id of changes.newOwner) this.effects.add(id, 'newOwner', now);
    for (const id of changes.listed) this.effects.add(id, 'listed', now);
    for (const id of changes.appeared) this.effects.add(id, 'appeared', now);
  }

  private syncWorld(): void {
    const { territories, live, status } = useWorld.getState();
    const { mode, filters, allianceColours } = useMapView.getState();
    const me = useSession.getState().account?.id ?? null;
    this.drawn = territoriesInView(this.answer, territories, live, me);
    this.homePoints = territories
      .filter((territory) => passesFilters(territory, filters, me))
      .map((territory) => markerPosition(Number(territory.latitude), Number(territory.longitude)));
    this.clusters.show(this.answer?.clusters ?? NO_CLUSTERS);
    const world = placeWorld(this.drawn, mode, filters, me, allianceColours);
    this.overlay = world.overlay;
    this.placed = world.placed;
    this.fan = world.fan;
    const held = this.input?.heldId ?? null;
    this.markers.sync(world.markers, held);
    this.rings.sync(world.rings, held);
    this.placeFanned();
    this.overlaysDirty = true;
    this.labelsDirty = true;
    this.requestFrame();
    if (status === 'ready' && this.homeless) {
      this.homeless = false;
      this.setCamera(this.home());
      this.askForView();
    }
    // Published only once the world has loaded and the server has answered for the box in view, so
    // "0" never stands for "not loaded yet" and the count is that of what the map shows.
    if (status === 'ready' && this.answered === this.asked)
      this.host.dataset.markerCount = String(this.markers.count + this.synthetic.count);
  }

  /** Moves the markers that share a spot to their fanned place at this zoom. */
  private placeFanned(): void {
    const scale = this.scale();
    const held = this.input?.heldId ?? null;
    for (const [id, direction] of this.fan) {
      const placed = this.placed.get(id);
      if (!placed || id === held) continue;
      const { x, y } = fannedPosition(placed, direction, scale);
      this.markers.move(id, x, y);
      this.rings.move(id, x, y);
    }
  }

  private drawnPosition(id: number): Point | undefined {
    return this.markers.positionOf(id);
  }

  private redrawOverlays(): void {
    if (!this.overlaysDirty) return;
    this.overlaysDirty = false;
    const options = useMapOptions.getState();
    // A pin being dragged has moved on the map but not yet in the store.
    const held = this.input?.heldId ?? null;
    const current =
      held === null ? this.overlay : this.overlay.map((t) => (t.id === held ? { ...t, ...this.markers.positionOf(held) } : t));
    const scale = this.scale();
    this.boundaries.visible = options.showBoundaries;
    this.links.visible = options.showLinks;
    if (options.showBoundaries) drawBoundaries(this.boundaries, current, scale);
    if (options.showLinks) drawLinks(this.links, current);
    drawOutlines(this.outlines, current, options.outlined, scale);
  }

  // ── What the input asks (MapInputTarget) ──────────────────────────────────

  markerAt(point: Point): number | null {
    const scale = this.scale();
    if (scale <= 0) return null;
    return this.markers.grid.nearest(screenToWorld(this.camera, this.view(), point), HIT_PX / scale);
  }

  canDragPins(): boolean {
    return useMapOptions.getState().pinEdit && useSession.getState().account?.is_wanakt === true;
  }

  select(id: number | null): void {
    useWorld.getState().select(id);
  }

  hover(id: number | null): void {
    const at = id === null ? undefined : this.drawnPosition(id);
    const screen = at && worldToScreen(this.camera, this.view(), at);
    const current = useMapView.getState().hover;
    if (!screen || id === null) {
      if (current) useMapView.setState({ hover: null });
      return;
    }
    if (current?.id !== id) useMapView.setState({ hover: { id, x: screen.x, y: screen.y } });
  }

  setDragging(dragging: boolean): void {
    this.host.classList.toggle('dragging', dragging);
  }

  pinStart(id: number): void {
    useWorld.getState().select(id);
  }

  pinMove(point: Point): void {
    const id = this.input.heldId;
    if (id === null) return;
    const { x, y } = clampToMarkerArea(screenToWorld(this.camera, this.view(), point));
    this.markers.move(id, x, y);
    this.rings.move(id, x, y);
    this.pinMoves.push({ id, x, y });
    this.overlaysDirty = true;
    this.labelsDirty = true;
    this.requestFrame();
  }

  pinEnd(id: number, save: boolean): void {
    this.pinMoves.cancel();
    const account = useSession.getState().account;
    const position = this.markers.positionOf(id);
    if (save && account && position) {
      const { latitude, longitude } = coordinatesOf(position.x, position.y);
      void dropPin(id, account.id, pinPosition(latitude, longitude));
    } else {
      this.syncWorld();
    }
  }
}
