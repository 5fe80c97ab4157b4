// Colours of points on the page, as the user sees them: a screenshot decoded by the browser itself
// (a WebGL canvas keeps no pixels to read back once a frame is shown).
import type { Page } from 'playwright-core';

export type Rgb = [number, number, number];

export async function pixelsAt(page: Page, points: readonly { x: number; y: number }[]): Promise<Rgb[]> {
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, points }) => {
      // Decoded from bytes, not fetched from a data: address, which the page's connect-src refuses.
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return points.map(({ x, y }) => {
        const [r, g, b] = context.getImageData(Math.round(x), Math.round(y), 1, 1).data;
        return [r, g, b] as [number, number, number];
      });
    },
    { png, points },
  );
}

export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
