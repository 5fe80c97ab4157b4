// Land, coasts and borders under the markers. Each level of detail is tessellated once and kept;
// the 50m detail is a separate chunk, loaded the first time the camera comes close.
// Where WebGL runs in software, pushing the coastlines' hundreds of thousands of vertices through
// every frame would cost far more than the markers, so the map never draws them per frame: it shows
// pictures of them. The whole world is rasterised once (the backdrop), and the view is rasterised
// again at screen resolution each time the camera comes to rest (the snapshot); while the camera
// moves, those pictures are only moved and scaled.
import { Container, Graphics, Matrix, Rectangle, RenderTexture, Sprite, type Renderer, type Texture } from 'pixi.js';
import countries110m from 'world-atlas/countries-110m.json';
import { MAP_HEIGHT, MAP_WIDTH } from '../../schema/constants.ts';
import { geographyShapes, type GeographyShapes, type WorldTopology } from './projection.ts';

/** The part of a view that lies on the world: zoomed out past it, the rest is ocean with nothing to draw. */
function onWorld(rect: WorldRect): WorldRect {
  return { minX: Math.max(0, rect.minX), minY: Math.max(0, rect.minY), maxX: Math.min(MAP_WIDTH, rect.maxX), maxY: Math.min(MAP_HEIGHT, rect.maxY) };
}

export const GEOGRAPHY_COLOURS = { ocean: 0x0b2036, land: 0x233b33, coast: 0x5f8fb0, border: 0x7c8f86 } as const;

/** Screen pixels per world unit from which the 50m coasts replace the 110m ones. */
export const DETAIL_SCALE = 6;
// The backdrop's pixels per world unit: sharp at the widest zoom, and only a fallback beyond it.
const BACKDROP_RESOLUTION = 2;
// The snapshot reaches this share of the view beyond each edge, so a short pan shows no seam.
const SNAPSHOT_MARGIN = 0.25;

export interface WorldRect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

type Level = 'far' | 'close';

function drawLines(g: Graphics, paths: GeographyShapes['borders'], colour: number, alpha: number): void {
  for (const path of paths) {
    g.moveTo(path[0], path[1]);
    for (let i = 2; i < path.length; i += 2) g.lineTo(path[i], path[i + 1]);
  }
  // Hairlines keep one pixel at any zoom and cost no tessellation.
  g.stroke({ color: colour, alpha, pixelLine: true });
}

function drawLevel(shapes: GeographyShapes): Container {
  const level = new Container({ eventMode: 'none', interactiveChildren: false });
  const land = new Graphics();
  for (const ring of shapes.land) land.poly(ring, true);
  land.fill(GEOGRAPHY_COLOURS.land);
  const borders = new Graphics();
  drawLines(borders, shapes.borders, GEOGRAPHY_COLOURS.border, 0.55);
  const coasts = new Graphics();
  drawLines(coasts, shapes.coasts, GEOGRAPHY_COLOURS.coast, 0.9);
  level.addChild(land, borders, coasts);
  return level;
}

export class GeographyLayer {
  readonly container = new Container({ eventMode: 'none', interactiveChildren: false });
  private readonly levels = new Map<Level, Container>();
  private readonly backdrop: Sprite;
  private readonly snapshot = new Sprite();
  private snapshotTexture: RenderTexture | null = null;
  private snapshotOf: { rect: WorldRect; scale: number; level: Level } | null = null;
  private loadingClose = false;
  private destroyed = false;

  /** `onDetail` is called when the close detail has arrived, so the view can be rasterised again. */
  constructor(
    private readonly renderer: Renderer,
    private readonly onDetail: () => void,
  ) {
    const far = drawLevel(geographyShapes(countries110m as unknown as WorldTopology));
    this.levels.set('far', far);
    const world = new Container();
    world.addChild(new Graphics().rect(0, 0, MAP_WIDTH, MAP_HEIGHT).fill(GEOGRAPHY_COLOURS.ocean), far);
    const texture: Texture = renderer.generateTexture({
      target: world,
      resolution: BACKDROP_RESOLUTION,
      frame: new Rectangle(0, 0, MAP_WIDTH, MAP_HEIGHT),
      textureSourceOptions: { scaleMode: 'nearest' },
    });
    world.removeChild(far);
    world.destroy({ children: true });
    this.backdrop = new Sprite(texture);
    this.snapshot.visible = false;
    this.container.addChild(this.backdrop, this.snapshot);
  }

  get detailLoaded(): boolean {
    return this.levels.has('close');
  }

  /**
   * Draws the backdrop only where the snapshot does not reach: every full-screen picture costs a
   * software renderer dearly, so one is drawn, never two.
   */
  cover(view: WorldRect): void {
    const rect = onWorld(view);
    const shot = this.snapshotOf?.rect;
    const covered = shot !== undefined && rect.minX >= shot.minX && rect.minY >= shot.minY && rect.maxX <= shot.maxX && rect.maxY <= shot.maxY;
    this.backdrop.visible = !covered;
  }

  /** Whether the snapshot still shows `rect` at `scale` in the right detail. */
  isSharp(view: WorldRect, scale: number): boolean {
    const rect = onWorld(view);
    const shot = this.snapshotOf;
    if (!shot || shot.level !== this.levelFor(scale) || Math.abs(shot.scale - scale) > 1e-6) return false;
    return rect.minX >= shot.rect.minX && rect.minY >= shot.rect.minY && rect.maxX <= shot.rect.maxX && rect.maxY <= shot.rect.maxY;
  }

  /** Rasterises the view `rect` (and a margin) at `scale` screen pixels per world unit, in the detail that suits it. */
  rasterise(rect: WorldRect, scale: number): void {
    const level = this.levelFor(scale);
    const detail = this.levels.get(level) ?? this.levels.get('far')!;
    const marginX = (rect.maxX - rect.minX) * SNAPSHOT_MARGIN;
    const marginY = (rect.maxY - rect.minY) * SNAPSHOT_MARGIN;
    const shot: WorldRect = {
      minX: Math.max(0, rect.minX - marginX),
      minY: Math.max(0, rect.minY - marginY),
      maxX: Math.min(MAP_WIDTH, rect.maxX + marginX),
      maxY: Math.min(MAP_HEIGHT, rect.maxY + marginY),
    };
    const width = Math.max(1, Math.ceil((shot.maxX - shot.minX) * scale));
    const height = Math.max(1, Math.ceil((shot.maxY - shot.minY) * scale));
    const resolution = globalThis.devicePixelRatio || 1;
    if (!this.snapshotTexture || this.snapshotTexture.width !== width || this.snapshotTexture.height !== height) {
      this.snapshotTexture?.destroy(true);
      this.snapshotTexture = RenderTexture.create({ width, height, resolution, scaleMode: 'nearest' });
    }
    this.renderer.render({
      container: detail,
      target: this.snapshotTexture,
      clearColor: GEOGRAPHY_COLOURS.ocean,
      transform: new Matrix(scale, 0, 0, scale, -shot.minX * scale, -shot.minY * scale),
    });
    this.snapshot.texture = this.snapshotTexture;
    this.snapshot.position.set(shot.minX, shot.minY);
    this.snapshot.scale.set(1 / scale);
    this.snapshot.visible = true;
    this.snapshotOf = { rect: shot, scale, level: this.levels.has(level) ? level : 'far' };
    this.cover(rect);
  }

  destroy(): void {
    this.destroyed = true;
    this.backdrop.texture.destroy(true);
    this.snapshotTexture?.destroy(true);
    for (const level of this.levels.values()) level.destroy({ children: true });
    this.container.destroy({ children: true });
  }

  private levelFor(scale: number): Level {
    if (scale < DETAIL_SCALE) return 'far';
    if (!this.levels.has('close')) this.loadClose();
    return 'close';
  }

  private loadClose(): void {
    if (this.loadingClose) return;
    this.loadingClose = true;
    void import('world-atlas/countries-50m.json')
      .then(({ default: topology }) => {
        if (this.destroyed) return;
        this.levels.set('close', drawLevel(geographyShapes(topology as unknown as WorldTopology)));
        this.onDetail();
      })
      .catch((error: unknown) => {
        // The far detail stays; the next zoom tries again.
        console.error('Could not load the detailed coastlines', error);
        this.loadingClose = false;
      });
  }
}
