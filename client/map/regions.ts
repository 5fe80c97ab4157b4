// The geometry of the map's overlays: feudal links and realm outlines, computed from marker positions.
import type { Point } from './camera.ts';

export interface PlacedTerritory {
  id: number;
  parentId: number | null;
  x: number;
  y: number;
}

export interface Segment {
  from: Point;
  to: Point;
  childId: number;
}

/** One line per vassal whose overlord is on the map. */
export function feudalLinks(placed: readonly PlacedTerritory[]): Segment[] {
  const byId = new Map(placed.map((territory) => [territory.id, territory]));
  const links: Segment[] = [];
  for (const territory of placed) {
    if (territory.parentId === null) continue;
    const parent = byId.get(territory.parentId);
    if (parent) links.push({ from: territory, to: parent, childId: territory.id });
  }
  return links;
}

/** Each territory's vassals, for walking a realm downwards. */
export function vassalsIndex(placed: readonly PlacedTerritory[]): Map<number, PlacedTerritory[]> {
  const index = new Map<number, PlacedTerritory[]>();
  for (const territory of placed) {
    if (territory.parentId === null) continue;
    const siblings = index.get(territory.parentId);
    if (siblings) siblings.push(territory);
    else index.set(territory.parentId, [territory]);
  }
  return index;
}

/** A territory and everything below it; a cycle in bad data cannot loop forever. */
export function realmOf(root: PlacedTerritory, vassals: Map<number, PlacedTerritory[]>): PlacedTerritory[] {
  const seen = new Set<number>([root.id]);
  const members = [root];
  for (let index = 0; index < members.length; index++) {
    for (const vassal of vassals.get(members[index].id) ?? []) {
      if (seen.has(vassal.id)) continue;
      seen.add(vassal.id);
      members.push(vassal);
    }
  }
  return members;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** The convex hull (Andrew's monotone chain), counter-clockwise in screen axes, without repeated points. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length <= 2) return sorted;
  const lower: Point[] = [];
  for (const point of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], point) <= 0) lower.pop();
    lower.push(point);
  }
  const upper: Point[] = [];
  for (let index = sorted.length - 1; index >= 0; index--) {
    const point = sorted[index];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], point) <= 0) upper.pop();
    upper.push(point);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

const OUTLINE_SIDES = 12;

/**
 * The outline around a realm: the hull of a small circle around every member, so a lone
 * territory still gets a visible ring and the line never touches a marker.
 */
export function realmOutline(members: readonly Point[], padding: number): Point[] {
  const ring: Point[] = [];
  for (const member of members) {
    for (let side = 0; side < OUTLINE_SIDES; side++) {
      const angle = (side / OUTLINE_SIDES) * Math.PI * 2;
      ring.push({ x: member.x + Math.cos(angle) * padding, y: member.y + Math.sin(angle) * padding });
    }
  }
  return convexHull(ring);
}
