// The markers kept in step with the world by id: a change to one territory touches one marker, the
// markers inside the viewport are drawn in one batch (a ParticleContainer: one buffer, one draw call),
// and the others are not drawn at all.
import { Graphics, GraphicsContext, Particle, ParticleContainer, Rectangle, type Renderer, type Texture } from 'pixi.js';
import { MAP_HEIGHT, MAP_WIDTH } from '../../schema/constants.ts';
import type { Point } from './camera.ts';
import { HitGrid } from './hitGrid.ts';

export const MARKER_RADIUS = 5;

// Every marker is one particle of one shared texture, drawn once from this geometry: four vertices a
// marker instead of a tessellated circle keeps thousands of them cheap even on a software renderer.
// Drawn white so the particle's tint is the colour.
const markerContext = new GraphicsContext().circle(0, 0, MARKER_RADIUS).fill(0xffffff).stroke({ width: 1.5, color: 0x0b1320, alpha: 0.8 });

// The halo that marks a player's own territories in every colour mode.
const ringContext = new GraphicsContext().circle(0, 0, MARKER_RADIUS - 1).stroke({ width: 2, color: 0xffffff });

// Markers keep their size on screen whatever the zoom, so the texture only needs the largest
// marker's pixels (twice the base radius) at the screen's density.
function shapeTexture(renderer: Renderer, context: GraphicsContext): Texture {
  const shape = new Graphics(context);
  const texture = renderer.generateTexture({ target: shape, resolution: 2 * (globalThis.devicePixelRatio || 1), antialias: true });
  shape.destroy();
  return texture;
}

export function markerTexture(renderer: Renderer): Texture {
  return shapeTexture(renderer, markerContext);
}

export function ringTexture(renderer: Renderer): Texture {
  return shapeTexture(renderer, ringContext);
}

export interface MarkerSpec {
  id: number;
  x: number;
  y: number;
  tint: number;
  /** Higher layers draw on top: a main city is never hidden under its own districts. */
  layer: number;
  /** The marker's radius on screen, in CSS pixels. */
  radius: number;
}

export interface WorldRect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export class MarkerLayer {
  // Hit testing goes through the grid, so Pixi's event system never walks the markers. Positions,
  // sizes and colours change from frame to frame (pans, zooms, pulses), so all of them are uploaded
  // with each frame, for the markers in view only.
  readonly container: ParticleContainer;
  readonly grid = new HitGrid();
  private readonly dots = new Map<number, Particle>();
  private readonly radii = new Map<number, number>();
  private readonly layers = new Map<number, number>();
  private visibleRect: WorldRect | null = null;
  // Screen pixels per world unit: the dots are scaled by its inverse to keep their size on screen.
  private scale = 1;
  private reorder = false;

  private readonly texture: Texture;

  constructor(texture: Texture) {
    this.texture = texture;
    this.container = new ParticleContainer({
      texture,
      eventMode: 'none',
      boundsArea: new Rectangle(0, 0, MAP_WIDTH, MAP_HEIGHT),
      dynamicProperties: { position: true, vertex: true, color: true, rotation: false, uvs: false },
    });
  }

  get count(): number {
    return this.dots.size;
  }

  /**
   * Brings the markers in line with `specs`. The marker being dragged keeps the position under
   * the pointer until it is dropped, whatever the store says meanwhile.
   */
  sync(specs: readonly MarkerSpec[], heldId: number | null): void {
    const wanted = new Set<number>();
    for (const spec of specs) {
      wanted.add(spec.id);
      let dot = this.dots.get(spec.id);
      if (!dot) {
        dot = new Particle({ texture: this.texture, anchorX: 0.5, anchorY: 0.5 });
        this.dots.set(spec.id, dot);
      }
      dot.tint = spec.tint;
      this.layers.set(spec.id, spec.layer);
      this.radii.set(spec.id, spec.radius);
      this.resize(dot, spec.radius);
      if (spec.id !== heldId) this.place(spec.id, dot, spec.x, spec.y);
    }
    for (const id of this.dots.keys()) {
      if (wanted.has(id)) continue;
      this.dots.delete(id);
      this.radii.delete(id);
      this.layers.delete(id);
      this.grid.delete(id);
    }
    this.showInView();
  }

  move(id: number, x: number, y: number): void {
    const dot = this.dots.get(id);
    if (!dot) return;
    const shown = this.inView(dot.x, dot.y);
    this.place(id, dot, x, y);
    // Markers move many at a time (fanning out as the zoom changes): the batch is made again once for all of them.
    if (this.inView(x, y) === shown || this.reorder) return;
    this.reorder = true;
    queueMicrotask(() => {
      this.reorder = false;
      this.showInView();
    });
  }

  positionOf(id: number): Point | undefined {
    const dot = this.dots.get(id);
    return dot ? { x: dot.x, y: dot.y } : undefined;
  }

  /** The radius a marker is drawn with, in screen pixels. */
  radiusOf(id: number): number | undefined {
    return this.radii.get(id);
  }

  setAlpha(id: number, alpha: number): void {
    const dot = this.dots.get(id);
    if (dot) dot.alpha = alpha;
  }

  ids(): IterableIterator<number> {
    return this.dots.keys();
  }

  /** Draws only the markers in `rect`, each at its radius on screen at `scale` pixels per world unit. */
  cull(rect: WorldRect, scale: number): void {
    this.visibleRect = rect;
    const rescale = scale !== this.scale;
    this.scale = scale;
    if (rescale) for (const [id, dot] of this.dots) this.resize(dot, this.radii.get(id)!);
    this.showInView();
  }

  destroy(): void {
    this.dots.clear();
    // The shared texture stays: the map destroys it itself.
    this.container.destroy();
  }

  private resize(dot: Particle, radius: number): void {
    dot.scaleX = dot.scaleY = radius / MARKER_RADIUS / this.scale;
  }

  private place(id: number, dot: Particle, x: number, y: number): void {
    // A new particle starts at (0, 0), so the grid, not the dot, tells whether it was ever placed.
    if (dot.x !== x || dot.y !== y || !this.grid.has(id)) {
      dot.x = x;
      dot.y = y;
      this.grid.set(id, x, y);
    }
  }

  /** The batch holds the markers in view, higher layers last so that they are drawn on top. */
  private showInView(): void {
    const shown: [number, Particle][] = [];
    for (const entry of this.dots) if (this.inView(entry[1].x, entry[1].y)) shown.push(entry);
    shown.sort(([a], [b]) => this.layers.get(a)! - this.layers.get(b)! || a - b);
    this.container.particleChildren = shown.map(([, dot]) => dot);
    this.container.update();
  }

  private inView(x: number, y: number): boolean {
    const rect = this.visibleRect;
    if (!rect) return true;
    return (
      x >= rect.minX - MARKER_RADIUS && x <= rect.maxX + MARKER_RADIUS && y >= rect.minY - MARKER_RADIUS && y <= rect.maxY + MARKER_RADIUS
    );
  }
}
