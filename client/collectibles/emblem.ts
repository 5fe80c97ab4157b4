import { RARITIES, type CollectibleType, type Rarity } from '../../schema/constants.ts';

/** What an emblem is drawn from: the fields every copy of one design shares. */
export interface EmblemDesign {
  name: string;
  description: string;
  type: CollectibleType;
  rarity: Rarity;
}

export type EmblemShape =
  | { kind: 'path'; d: string; fill: string; stroke?: string; strokeWidth?: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string };

/** The viewBox every emblem is drawn in. */
export const EMBLEM_SIZE = 100;

// Colours the designs name in their name or description, in the order the text names them.
const NAMED_COLOURS: readonly [RegExp, string][] = [
  [/\b(sandstone|desert)\b/, '#d6a96b'],
  [/\b(ivy|green|oak)\b/, '#3f8f4f'],
  [/\b(azure|sky-blue|blue)\b/, '#3b82f6'],
  [/\b(obsidian|black)\b/, '#231d2b'],
  [/\b(crimson|red)\b/, '#b91c1c'],
  [/\b(scarlet|flames?)\b/, '#ea580c'],
  [/\b(gold|golden)\b/, '#e3b341'],
  [/\bsilver\b/, '#c7ccd4'],
  [/\bnavy\b/, '#1e3a5f'],
  [/\bpurple\b/, '#6b2fa3'],
];

const RARITY_BORDER: Readonly<Record<Rarity, string>> = { common: '#9ca3af', rare: '#60a5fa', epic: '#c084fc', legendary: '#f5c542' };

const OUTLINE: Readonly<Record<CollectibleType, string>> = {
  heraldry: 'M12 8 H88 V48 C88 72 70 86 50 94 C30 86 12 72 12 48 Z',
  palace_skin: 'M10 92 V34 Q50 4 90 34 V92 Z',
};

// FNV-1a: a small stable hash, so a design always draws the same way in every browser.
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return value;
}

function coloursOf(design: EmblemDesign, seed: number): [string, string] {
  const text = `${design.name} ${design.description}`.toLowerCase();
  const named = NAMED_COLOURS.map(([pattern, colour]) => ({ colour, at: text.search(pattern) }))
    .filter((found) => found.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((found) => found.colour);
  const hue = seed % 360;
  const field = named[0] ?? `hsl(${hue} 45% 35%)`;
  const charge = named.find((colour) => colour !== field) ?? `hsl(${(hue + 150) % 360} 70% 70%)`;
  return [field, charge];
}

function star(cx: number, cy: number, outer: number, points: number): string {
  const corners = Array.from({ length: points * 2 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : outer * 0.45;
    const angle = (Math.PI * index) / points - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${corners.join(' L')} Z`;
}

function palace(seed: number, fill: string, domed: boolean): EmblemShape[] {
  const towers = 1 + (seed % 3);
  const width = 60 / (towers * 2 - 1);
  const shapes: EmblemShape[] = Array.from({ length: towers }, (_, index) => {
    const x = 20 + index * width * 2;
    const top = 40 + ((seed >> (index + 3)) % 3) * 6;
    const merlon = width / 3;
    return {
      kind: 'path',
      d: `M${x} 86 V${top} h${merlon} v-5 h${merlon} v5 h${merlon} V86 Z`,
      fill,
    };
  });
  shapes.push({ kind: 'path', d: 'M20 86 V64 H80 V86 Z', fill });
  if (domed) shapes.push({ kind: 'path', d: 'M32 64 A18 18 0 0 1 68 64 Z', fill });
  return shapes;
}

function charge(seed: number, fill: string): EmblemShape[] {
  switch (seed % 4) {
    case 0:
      return [{ kind: 'path', d: star(50, 48, 24, 5 + ((seed >> 4) % 3)), fill }];
    case 1:
      return [{ kind: 'circle', cx: 50, cy: 48, r: 20, fill }];
    case 2:
      return [{ kind: 'path', d: 'M50 20 L72 48 L50 76 L28 48 Z', fill }];
    default:
      return [{ kind: 'path', d: 'M44 22 H56 V42 H76 V54 H56 V78 H44 V54 H24 V42 H44 Z', fill }];
  }
}

/**
 * The emblem of a collectible design, drawn from its data alone: the outline from its type, the
 * colours its text names, the charge or towers from a hash of its name, the border and the pips
 * from its rarity. The same design always gives the same shapes.
 */
export function emblemShapes(design: EmblemDesign): EmblemShape[] {
  const seed = hash(`${design.type}:${design.name}`);
  const [field, accent] = coloursOf(design, seed);
  const rank = RARITIES.indexOf(design.rarity);
  const outline = OUTLINE[design.type];
  const shapes: EmblemShape[] = [{ kind: 'path', d: outline, fill: field }];
  shapes.push(...(design.type === 'palace_skin' ? palace(seed, accent, /\bdome\b/i.test(design.name)) : charge(seed, accent)));
  shapes.push({ kind: 'path', d: outline, fill: 'none', stroke: RARITY_BORDER[design.rarity], strokeWidth: 2 + rank });
  const pipsAt = design.type === 'heraldry' ? 4 : 10;
  for (let pip = 0; pip < rank; pip++) {
    shapes.push({ kind: 'circle', cx: 50 + (pip - (rank - 1) / 2) * 10, cy: pipsAt, r: 3, fill: RARITY_BORDER[design.rarity] });
  }
  return shapes;
}
