// Land, coasts and borders under the markers, as pictures. Where WebGL runs in software, pushing
// the coastlines' hundreds of thousands of vertices through the renderer cost the main thread
// seconds, so the map never draws them itself: the geography worker (geographyWorker.ts) paints
// the whole world once (the backdrop) and the view again at screen resolution each time the camera
// comes to rest (the snapshot); here those pictures are only placed, moved and scaled. The 50m
// detail replaces the 110m one close up; the worker loads it the first time it is asked for.
import { Container, ImageSource, Sprite, Texture } from 'pixi.js';
import { MAP_HEIGHT, MAP_WIDTH } from '../../schema/constants.ts';
import type { GeographyReply, GeographyRequest } from './geographyProtocol.ts';
import type { GeographyLevel, WorldRect } from './geographyRaster.ts';
import { OneInFlight } from './oneInFlight.ts';

/** The part of a view that lies on the world: zoomed out past it, the rest is ocean with nothing to draw. */
function onWorld(rect: WorldRect): WorldRect {
  return {
    minX: Math.max(0, rect.minX),
    minY: Math.max(0, rect.minY),
    maxX: Math.min(MAP_WIDTH, rect.maxX),
    maxY: Math.min(MAP_HEIGHT, rect.maxY),
  };
}

const contains = (outer: WorldRect, inner: WorldRect) =>
  inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY;

/** Screen pixels per world unit from which the 50m coasts replace the 110m ones. */
const DETAIL_SCALE = 6;
// The backdrop's pixels per world unit: sharp at the widest zoom, and only a fallback beyond it.
const BACKDROP_RESOLUTION = 2;
// The snapshot reaches this share of the view beyond each edge, so a short pan shows no seam.
const SNAPSHOT_MARGIN = 0.25;
const BACKDROP_ID = 0;

/** Gives a sprite's picture back: its texture and the bitmap behind it. */
function release(sprite: Sprite): void {
  if (sprite.texture === Texture.EMPTY) return;
  const bitmap = sprite.texture.source.resource as ImageBitmap;
  sprite.texture.destroy(true);
  bitmap.close();
}

interface Picture {
  rect: WorldRect;
  scale: number;
  level: GeographyLevel;
}

export class GeographyLayer {
  readonly container = new Container({ eventMode: 'none', interactiveChildren: false });
  private readonly worker = new Worker(new URL('./geographyWorker.ts', import.meta.url), { type: 'module', name: 'geography' });
  private readonly backdrop = new Sprite();
  private readonly snapshot = new Sprite();
  /** What the snapshot on screen shows, and what the latest request asked for. */
  private snapshotOf: Picture | null = null;
  private asked: Picture & { id: number; pixelsPerUnit: number } = {
    id: BACKDROP_ID,
    rect: { minX: 0, minY: 0, maxX: MAP_WIDTH, maxY: MAP_HEIGHT },
    scale: 0,
    level: 'far',
    pixelsPerUnit: BACKDROP_RESOLUTION,
  };
  private view: WorldRect | null = null;
  /** The worker draws one request at a time; of those asked for meanwhile only the latest is sent. */
  private readonly requests = new OneInFlight<GeographyRequest>((request) => this.worker.postMessage(request));

  private readonly onPicture: () => void;
  private readonly onDetail: () => void;

  /**
   * `onPicture` is called when a picture has arrived, so a frame can show it; `onDetail` when the
   * close detail has arrived, so the view can be painted again from it.
   */
  constructor(onPicture: () => void, onDetail: () => void) {
    this.onPicture = onPicture;
    this.onDetail = onDetail;
    this.backdrop.visible = false;
    this.snapshot.visible = false;
    this.container.addChild(this.backdrop, this.snapshot);
    this.worker.onmessage = ({ data }: MessageEvent<GeographyReply>) => this.receive(data);
    this.worker.onerror = (event) => {
      // A drawing that threw answers nothing else: the next request may go.
      this.requests.answered();
      console.error('The geography worker failed', event.message);
    };
    this.post(this.asked);
  }

  /** Whether the whole world's picture has arrived. */
  get hasPicture(): boolean {
    return this.backdrop.texture !== Texture.EMPTY;
  }

  /**
   * Shows the backdrop only where the snapshot does not reach: every full-screen picture costs a
   * software renderer dearly, so one is drawn, never two.
   */
  cover(view: WorldRect): void {
    this.view = onWorld(view);
    const shot = this.snapshotOf?.rect;
    this.backdrop.visible = this.hasPicture && !(shot && contains(shot, this.view));
  }

  /** Whether the snapshot shows `rect` at `scale` in the right detail, or has been asked to. */
  isSharp(view: WorldRect, scale: number): boolean {
    const rect = onWorld(view);
    const level = this.levelFor(scale);
    // Zoomed out, the backdrop already has a pixel or more per screen pixel: a snapshot would repeat it.
    if (level === 'far' && this.hasPicture && scale * (globalThis.devicePixelRatio || 1) <= BACKDROP_RESOLUTION) return true;
    return [this.snapshotOf, this.asked].some(
      (shot) => shot !== null && shot.level === level && Math.abs(shot.scale - scale) <= 1e-6 && contains(shot.rect, rect),
    );
  }

  /** Asks for the view `rect` (and a margin) at `scale` screen pixels per world unit, in the detail that suits it. */
  rasterise(rect: WorldRect, scale: number): void {
    const marginX = (rect.maxX - rect.minX) * SNAPSHOT_MARGIN;
    const marginY = (rect.maxY - rect.minY) * SNAPSHOT_MARGIN;
    const shot: WorldRect = {
      minX: Math.max(0, rect.minX - marginX),
      minY: Math.max(0, rect.minY - marginY),
      maxX: Math.min(MAP_WIDTH, rect.maxX + marginX),
      maxY: Math.min(MAP_HEIGHT, rect.maxY + marginY),
    };
    this.asked = {
      id: this.asked.id + 1,
      rect: shot,
      scale,
      level: this.levelFor(scale),
      pixelsPerUnit: scale * (globalThis.devicePixelRatio || 1),
    };
    this.post(this.asked);
  }

  destroy(): void {
    this.worker.terminate();
    release(this.backdrop);
    release(this.snapshot);
    this.container.destroy({ children: true });
  }

  private levelFor(scale: number): GeographyLevel {
    return scale < DETAIL_SCALE ? 'far' : 'close';
  }

  private post({ id, rect, level, pixelsPerUnit }: GeographyLayer['asked']): void {
    const request: GeographyRequest = {
      id,
      rect,
      level,
      pixelsPerUnit,
      pixelWidth: Math.max(1, Math.ceil((rect.maxX - rect.minX) * pixelsPerUnit)),
      pixelHeight: Math.max(1, Math.ceil((rect.maxY - rect.minY) * pixelsPerUnit)),
    };
    this.requests.submit(request);
  }

  private receive(reply: GeographyReply): void {
    if (reply.type === 'failed') {
      if (reply.id !== null) this.requests.answered();
      console.error(reply.message);
      return;
    }
    if (reply.type === 'detail') {
      this.onDetail();
      return;
    }
    this.requests.answered();
    // A picture of a view the camera has already left is dropped; the backdrop is always kept.
    if (reply.id !== BACKDROP_ID && reply.id !== this.asked.id) {
      reply.bitmap.close();
      return;
    }
    const sprite = reply.id === BACKDROP_ID ? this.backdrop : this.snapshot;
    const pixelsPerUnit = reply.id === BACKDROP_ID ? BACKDROP_RESOLUTION : this.asked.pixelsPerUnit;
    release(sprite);
    sprite.texture = new Texture({ source: new ImageSource({ resource: reply.bitmap, scaleMode: 'nearest' }) });
    if (reply.id === BACKDROP_ID) {
      sprite.scale.set(1 / pixelsPerUnit);
      sprite.visible = true;
    } else {
      const { rect, scale } = this.asked;
      sprite.position.set(rect.minX, rect.minY);
      sprite.scale.set(1 / pixelsPerUnit);
      sprite.visible = true;
      this.snapshotOf = { rect, scale, level: reply.level };
      // Drawn from the far detail while the close one loads: once it is in, this view is asked for again.
      this.asked = { ...this.asked, level: reply.level };
    }
    if (this.view) this.cover(this.view);
    this.onPicture();
  }
}
