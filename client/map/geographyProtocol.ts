// The messages between the map (geographyLayer.ts) and the geography worker (geographyWorker.ts).
import type { GeographyLevel, WorldRect } from './geographyRaster.ts';

/** Draw the world from `rect`'s top left corner at `pixelsPerUnit` onto `pixelWidth` × `pixelHeight` canvas pixels. */
export interface GeographyRequest {
  id: number;
  rect: WorldRect;
  pixelsPerUnit: number;
  pixelWidth: number;
  pixelHeight: number;
  level: GeographyLevel;
}

export type GeographyReply =
  /** The picture asked for by `id`, in `level` (the far detail while the close one still loads). */
  | { type: 'picture'; id: number; level: GeographyLevel; bitmap: ImageBitmap }
  /** The close detail has arrived: close views can now be drawn from it. */
  | { type: 'detail' }
  /** Something failed: `id` is the request it answers (so the next may be sent), null when none (the close detail's loading). */
  | { type: 'failed'; id: number | null; message: string };
