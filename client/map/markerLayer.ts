// The markers as plain Pixi objects kept in step with the world by id: a change to one territory
// touches one marker, and markers outside the viewport are not drawn at all.
import { Container, Graphics, GraphicsContext, Sprite, type Renderer, type Texture } from 'pixi.js';
import type { Point } from './camera.ts';
import { HitGrid } from './hitGrid.ts';

export const MARKER_RADIUS = 5;

// Every marker is one sprite of one shared texture, drawn once from this geometry: four vertices a
// marker instead of a tessellated circle keeps thousands of them cheap even on a software renderer.
// Drawn white so the sprite's tint is the colour.
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
  // Hit testing goes through the grid, so Pixi's event system never walks the markers.
  readonly container = new Container({ eventMode: 'none', interactiveChildren: false, sortableChildren: true });
  readonly grid = new HitGrid();
  private readonly dots = new Map<number, Sprite>();
  private readonly radii = new Map<number, number>();
  private visibleRect: WorldRect | null = null;
  // Screen pixels per world unit: the dots are scaled by its inverse to keep their size on screen.
  private scale = 1;

  constructor(private readonly texture: Texture) {}

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
        dot = new Sprite({ texture: this.texture, anchor: 0.5 });
        this.dots.set(spec.id, dot);
        this.container.addChild(dot);
      }
      dot.tint = spec.tint;
      dot.zIndex = spec.layer;
      this.radii.set(spec.id, spec.radius);
      dot.scale.set(spec.radius / MARKER_RADIUS / this.scale);
      if (spec.id !== heldId) this.place(spec.id, dot, spec.x, spec.y);
    }
    for (const [id, dot] of this.dots) {
      if (wanted.has(id)) continue;
      // A sprite's destroy leaves its shared texture alone unless asked.
      dot.destroy();
      this.dots.delete(id);
      this.radii.delete(id);
      this.grid.delete(id);
    }
  }

  move(id: number, x: number, y: number): void {
    const dot = this.dots.get(id);
    if (dot) this.place(id, dot, x, y);
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
    for (const [id, dot] of this.dots) {
      dot.visible = this.inView(dot.x, dot.y);
      if (rescale) dot.scale.set(this.radii.get(id)! / MARKER_RADIUS / scale);
    }
  }

  destroy(): void {
    for (const dot of this.dots.values()) dot.destroy();
    this.dots.clear();
    this.container.destroy();
  }

  private place(id: number, dot: Sprite, x: number, y: number): void {
    // A new sprite starts at (0, 0), so the grid, not the dot, tells whether it was ever placed.
    if (dot.x !== x || dot.y !== y || !this.grid.has(id)) {
      dot.position.set(x, y);
      this.grid.set(id, x, y);
    }
    dot.visible = this.inView(x, y);
  }

  private inView(x: number, y: number): boolean {
    const rect = this.visibleRect;
    if (!rect) return true;
    return (
      x >= rect.minX - MARKER_RADIUS && x <= rect.maxX + MARKER_RADIUS && y >= rect.minY - MARKER_RADIUS && y <= rect.maxY + MARKER_RADIUS
    );
  }
}
