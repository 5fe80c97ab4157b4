// Draws the toolbar's overlays (feudal links, realm boundaries) and the owners' own realm outlines.
import type { Graphics } from 'pixi.js';
import { feudalLinks, realmOf, realmOutline, vassalsIndex, type PlacedTerritory } from './regions.ts';

export interface OverlayTerritory extends PlacedTerritory {
  tint: number;
  /** Main cities and the Wanakt's seat always get a realm, even before they have vassals. */
  ruler: boolean;
}

const LINK_ALPHA = 0.45;
const REALM_PADDING = 9;
const OUTLINE_COLOUR = 0xd4af37;

export function drawLinks(g: Graphics, placed: readonly OverlayTerritory[]): void {
  g.clear();
  const tints = new Map(placed.map((territory) => [territory.id, territory.tint]));
  for (const link of feudalLinks(placed)) {
    g.moveTo(link.from.x, link.from.y)
      .lineTo(link.to.x, link.to.y)
      .stroke({ width: 1, color: tints.get(link.childId) ?? 0xffffff, alpha: LINK_ALPHA });
  }
}

function drawRealm(g: Graphics, members: readonly PlacedTerritory[], colour: number, fillAlpha: number, width: number): void {
  const outline = realmOutline(members, REALM_PADDING);
  if (outline.length < 3) return;
  g.poly(outline.flatMap((point) => [point.x, point.y]))
    .fill({ color: colour, alpha: fillAlpha })
    .stroke({ width, color: colour, alpha: 0.8 });
}

/** Every realm: a root that rules or has vassals, with everything below it. */
export function drawBoundaries(g: Graphics, placed: readonly OverlayTerritory[]): void {
  g.clear();
  const vassals = vassalsIndex(placed);
  for (const territory of placed) {
    if (territory.parentId !== null) continue;
    if (!territory.ruler && !vassals.has(territory.id)) continue;
    drawRealm(g, realmOf(territory, vassals), territory.tint, 0.07, 1);
  }
}

/** The realms an owner switched on with "Borders", drawn bolder than the toolbar's boundaries. */
export function drawOutlines(g: Graphics, placed: readonly OverlayTerritory[], outlined: ReadonlySet<number>): void {
  g.clear();
  if (outlined.size === 0) return;
  const vassals = vassalsIndex(placed);
  for (const territory of placed) {
    if (outlined.has(territory.id)) drawRealm(g, realmOf(territory, vassals), OUTLINE_COLOUR, 0.1, 2);
  }
}
