// Draws the toolbar's overlays (feudal links, realm boundaries) and the owners' own realm outlines.
import type { Graphics } from 'pixi.js';
import { feudalLinks, realmOf, realmOutline, vassalsIndex, type PlacedTerritory } from './regions.ts';

export interface OverlayTerritory extends PlacedTerritory {
  tint: number;
  /** Main cities and the Wanakt's seat always get a realm, even before they have vassals. */
  ruler: boolean;
}

const LINK_ALPHA = 0.75;
// Screen pixels between a realm's outermost markers and its outline, whatever the zoom.
const REALM_PADDING_PX = 12;
const OUTLINE_COLOUR = 0xd4af37;

export function drawLinks(g: Graphics, placed: readonly OverlayTerritory[]): void {
  g.clear();
  const tints = new Map(placed.map((territory) => [territory.id, territory.tint]));
  for (const link of feudalLinks(placed)) {
    g.moveTo(link.from.x, link.from.y)
      .lineTo(link.to.x, link.to.y)
      .stroke({ color: tints.get(link.childId) ?? 0xffffff, alpha: LINK_ALPHA, pixelLine: true });
  }
}

// `scale` is screen pixels per world unit: the padding and the line keep their size on screen.
function drawRealm(
  g: Graphics,
  members: readonly PlacedTerritory[],
  colour: number,
  fillAlpha: number,
  widthPx: number,
  scale: number,
): void {
  const outline = realmOutline(members, REALM_PADDING_PX / scale);
  if (outline.length < 3) return;
  g.poly(outline.flatMap((point) => [point.x, point.y]))
    .fill({ color: colour, alpha: fillAlpha })
    .stroke({ width: widthPx / scale, color: colour, alpha: 0.9 });
}

/** Every realm: a root that rules or has vassals, with everything below it. */
export function drawBoundaries(g: Graphics, placed: readonly OverlayTerritory[], scale: number): void {
  g.clear();
  const vassals = vassalsIndex(placed);
  for (const territory of placed) {
    if (territory.parentId !== null) continue;
    if (!territory.ruler && !vassals.has(territory.id)) continue;
    drawRealm(g, realmOf(territory, vassals), territory.tint, 0.14, 1.5, scale);
  }
}

/** The realms an owner switched on with "Borders", drawn bolder than the toolbar's boundaries. */
export function drawOutlines(g: Graphics, placed: readonly OverlayTerritory[], outlined: ReadonlySet<number>, scale: number): void {
  g.clear();
  if (outlined.size === 0) return;
  const vassals = vassalsIndex(placed);
  for (const territory of placed) {
    if (outlined.has(territory.id)) drawRealm(g, realmOf(territory, vassals), OUTLINE_COLOUR, 0.12, 2.5, scale);
  }
}
