// Where elements lie on the page, for the layout tests: half a pixel of rounding is no overlap.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share space. */
export const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
