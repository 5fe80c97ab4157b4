// How a marker is coloured in each of the map's modes, and which markers the filters keep.
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { MAP_COLOURS, WANAKT_USER_ID, type TerritoryType } from '../../schema/constants.ts';
import { tierOfType } from '../../schema/rules/territory.ts';

export const COLOUR_MODES = ['ownership', 'tier', 'income', 'alliance'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

export const OWNERSHIP_COLOURS = {
  mine: 0x22d3ee,
  forSale: 0x4ade80,
  others: 0xf97316,
  // The Wanakt's own land (its seat, the wonders it keeps) is no player's to trade with: its seat's gold.
  wanakt: MAP_COLOURS.wanakt,
  unowned: 0x94a3b8,
} as const;
export type Ownership = keyof typeof OWNERSHIP_COLOURS;

// docs/rules.md §4 "Alliances": the alliance mode gives each alliance GET /api/alliances/map lists
// a colour of its own, in its order; land of players in none, and land of no one, two greys.
export const ALLIANCE_COLOURS: readonly number[] = [
  0xef4444, 0x3b82f6, 0xeab308, 0x22c55e, 0xa855f7, 0xf97316, 0x06b6d4, 0xec4899, 0x84cc16, 0x6366f1, 0x14b8a6, 0xf43f5e,
];
export const OUTSIDE_ALLIANCES = { none: 0x94a3b8, unowned: 0x475569 } as const;

/** Each alliance member's colour by player id, from the alliances in the order the map read lists them. */
export function allianceColours(alliances: readonly { members: readonly string[] }[]): Map<string, number> {
  const colours = new Map<string, number>();
  alliances.forEach((alliance, index) => {
    for (const member of alliance.members) colours.set(member, ALLIANCE_COLOURS[index % ALLIANCE_COLOURS.length]);
  });
  return colours;
}

// Income heat runs from cool (little revenue) to hot (the most in the world).
export const HEAT_STOPS: readonly number[] = [0x1e3a8a, 0x0ea5e9, 0xfacc15, 0xf97316, 0xdc2626];

export type MarkerFields = Pick<TerritoryDto, 'type' | 'owner_id' | 'sale_price' | 'monthly_revenue'>;

export function ownershipOf(territory: MarkerFields, me: string | null): Ownership {
  if (me !== null && territory.owner_id === me) return 'mine';
  if (territory.sale_price !== null) return 'forSale';
  if (territory.owner_id === null) return 'unowned';
  return territory.owner_id === WANAKT_USER_ID ? 'wanakt' : 'others';
}

function mix(a: number, b: number, t: number): number {
  const channel = (shift: number) => Math.round(((a >> shift) & 0xff) * (1 - t) + ((b >> shift) & 0xff) * t);
  return (channel(16) << 16) | (channel(8) << 8) | channel(0);
}

/** A colour for `value` (0 to 1) along the heat stops. */
export function heatColour(value: number): number {
  const t = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * (HEAT_STOPS.length - 1);
  const index = Math.min(HEAT_STOPS.length - 2, Math.floor(t));
  return mix(HEAT_STOPS[index], HEAT_STOPS[index + 1], t - index);
}

/** The revenue range the heat spans, on a log scale so a few wonders do not wash out every village. */
export interface IncomeRange {
  min: number;
  max: number;
}

export function incomeRange(territories: readonly MarkerFields[]): IncomeRange {
  let min = Infinity;
  let max = -Infinity;
  for (const territory of territories) {
    const value = Math.log1p(Math.max(0, Number(territory.monthly_revenue) || 0));
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return Number.isFinite(min) ? { min, max } : { min: 0, max: 0 };
}

export function incomeShare(territory: MarkerFields, range: IncomeRange): number {
  const value = Math.log1p(Math.max(0, Number(territory.monthly_revenue) || 0));
  return range.max > range.min ? (value - range.min) / (range.max - range.min) : 0;
}

export function markerColour(
  territory: MarkerFields,
  mode: ColourMode,
  me: string | null,
  range: IncomeRange,
  alliances: ReadonlyMap<string, number> = new Map(),
): number {
  switch (mode) {
    case 'ownership':
      return OWNERSHIP_COLOURS[ownershipOf(territory, me)];
    case 'tier':
      return MAP_COLOURS[tierOfType(territory.type)];
    case 'income':
      return heatColour(incomeShare(territory, range));
    case 'alliance':
      if (territory.owner_id === null) return OUTSIDE_ALLIANCES.unowned;
      return alliances.get(territory.owner_id) ?? OUTSIDE_ALLIANCES.none;
  }
}

export interface MapFilters {
  forSale: boolean;
  mine: boolean;
  type: TerritoryType | null;
}

export const NO_FILTERS: MapFilters = { forSale: false, mine: false, type: null };

export function passesFilters(territory: MarkerFields, filters: MapFilters, me: string | null): boolean {
  if (filters.forSale && territory.sale_price === null) return false;
  if (filters.mine && (me === null || territory.owner_id !== me)) return false;
  return filters.type === null || territory.type === filters.type;
}
