// The markers as plain Pixi objects kept in step with the world by id: a change to one territory
// touches one marker, and markers outside the viewport are not drawn at all.
import { Container, Graphics, GraphicsContext, Sprite, type Renderer, type Texture } from 'pixi.js';
import { MAX_ZOOM } from '../../schema/constants.ts';
import type { Point } from './camera.ts';
import { HitGrid } from './hitGrid.ts';

export const MARKER_RADIUS = 5;

// Every marker is one sprite of one shared texture, drawn once from this geometry: four vertices a
// marker instead of a tessellated circle keeps thousands of them cheap even on a software renderer.
// Drawn white so the sprite's tint is the colour.
const markerContext = new GraphicsContext()
  .circle(0, 0, MARKER_RADIUS)
  .fill(0xffffff)
  .stroke({ width: 1.5, color: 0x0b1320, alpha: 0.8 });

/** The shared marker texture, rendered sharp enough for the deepest zoom. */
export function markerTexture(renderer: Renderer): Texture {
  const shape = new Graphics(markerContext);
  const texture = renderer.generateTexture({ target: shape, resolution: MAX_ZOOM * (globalThis.devicePixelRatio || 1), antialias: true });
  shape.destroy();
  return texture;
}

export interface MarkerSpec {
  id: number;
  x: number;
  y: number;
  tint: number;
  /** Higher layers draw on top: a main city is never hidden under its own districts. */
  layer: number;
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
  private visibleRect: WorldRect | null = null;

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
      if (spec.id !== heldId) this.place(spec.id, dot, spec.x, spec.y);
    }
    for (const [id, dot] of this.dots) {
      if (wanted.has(id)) continue;
      // A sprite's destroy leaves its shared texture alone unless asked.
      dot.destroy();
      this.dots.delete(id);
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

  cull(rect: WorldRect): void {
    this.visibleRect = rect;
    for (const dot of this.dots.values()) dot.visible = this.inView(dot.x, dot.y);
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
    return x >= rect.minX - MARKER_RADIUS && x <= rect.maxX + MARKER_RADIUS && y >= rect.minY - MARKER_RADIUS && y <= rect.maxY + MARKER_RADIUS;
  }
}
