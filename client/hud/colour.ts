// Pixi colours are 0xRRGGBB numbers; CSS wants #rrggbb.
export function cssColour(colour: number): string {
  return `#${colour.toString(16).padStart(6, '0')}`;
}
