// The geography worker: unpacks the build-time geography and draws the map's pictures of it (the
// whole world once, then each resting view) on OffscreenCanvas, off the main thread. The map sends
// one request at a time (oneInFlight.ts), so each reply, picture or failure, says which it answers. The 50m
// detail is fetched the first time a close view asks for it; until then the 110m one answers.
import far from 'virtual:geography/110m';
import { decodeGeography, type DecodedGeography } from './geographyData.ts';
import { drawGeography, type GeographyLevel } from './geographyRaster.ts';
import type { GeographyReply, GeographyRequest } from './geographyProtocol.ts';

// The worker's own global scope; the project's type library is the DOM's.
const scope = self as unknown as {
  postMessage(message: GeographyReply, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<GeographyRequest>) => void) | null;
};

const levels = new Map<GeographyLevel, DecodedGeography>([['far', decodeGeography(far)]]);
let loadingClose = false;

function loadClose(): void {
  if (loadingClose) return;
  loadingClose = true;
  import('virtual:geography/50m')
    .then(({ default: close }) => {
      levels.set('close', decodeGeography(close));
      scope.postMessage({ type: 'detail' }, []);
    })
    .catch((error: unknown) => {
      // The far detail stays; the next close view tries again.
      loadingClose = false;
      scope.postMessage({ type: 'failed', id: null, message: `Could not load the detailed coastlines: ${String(error)}` }, []);
    });
}

scope.onmessage = ({ data: request }) => {
  let level = request.level;
  if (!levels.has(level)) {
    loadClose();
    level = 'far';
  }
  const canvas = new OffscreenCanvas(request.pixelWidth, request.pixelHeight);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) {
    scope.postMessage({ type: 'failed', id: request.id, message: 'The geography worker has no 2D canvas' }, []);
    return;
  }
  drawGeography(context, levels.get(level)!, request.rect, request.pixelsPerUnit);
  const bitmap = canvas.transferToImageBitmap();
  scope.postMessage({ type: 'picture', id: request.id, level, bitmap }, [bitmap]);
};
