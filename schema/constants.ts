// Business constants of docs/rules.md §9, shared by server and client. Amounts are whole DRK.

export const MAX_DRK_SUPPLY = 21_000_000;
export const STARTING_BALANCE = 100;

export const TERRITORY_TYPES = ['wanakt', 'main', 'sub', 'common', 'wonder', 'city', 'town', 'village'] as const;
export type TerritoryType = (typeof TERRITORY_TYPES)[number];

export const TERRITORY_TIERS = ['wanakt', 'main', 'sub', 'common', 'wonder'] as const;
export type TerritoryTier = (typeof TERRITORY_TIERS)[number];

export const UPGRADE_TIERS = ['standard', 'premium', 'deluxe', 'ultimate'] as const;
export type UpgradeTier = (typeof UPGRADE_TIERS)[number];

export const UPGRADE_COST: Record<UpgradeTier, number> = { standard: 0, premium: 500, deluxe: 1200, ultimate: 2500 };
export const UPGRADE_MULTIPLIER: Record<UpgradeTier, number> = { standard: 1, premium: 1.5, deluxe: 2, ultimate: 3 };

export const WANAKT_USER_ID = 'wanakt-admin';
export const DEMO_USER_ID = 'sample-user';
/** The realm's account that holds the DRK of open offers (docs/rules.md §4 "Offers", migrations/0056_offers.sql). */
export const ESCROW_USER_ID = 'escrow';

// The world map's logical canvas and the margins markers are clamped to (docs/rules.md §5 "Map").
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 600;
export const MARKER_MIN_X = 20;
export const MARKER_MAX_X = 980;
export const MARKER_MIN_Y = 20;
export const MARKER_MAX_Y = 580;
// This replaces the spec's 0.5–3: zoom 1 fills the map's panel with the world, and 64 brings a
// single town of a crowded region into reach. The least zoom depends on the panel's shape: the one
// at which the whole world fits it (client/map/camera.ts, minZoomFor).
export const MAX_ZOOM = 64;

export const MAP_COLOURS: Record<TerritoryTier, number> = {
  wanakt: 0xd4af37,
  main: 0x2563eb,
  sub: 0x16a34a,
  common: 0x6b7280,
  wonder: 0x9333ea,
};

export const DEFAULT_MONTHLY_REVENUE = 111;
export const MAIN_CITY_RENT = 111;
export const SUB_TERRITORY_RENT = 72;
export const DEFAULT_BASE_PRICE = 5000;

export const COLLECTIBLE_TYPES = ['palace_skin', 'heraldry'] as const;
export type CollectibleType = (typeof COLLECTIBLE_TYPES)[number];
export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

export const SPECIAL_EVENT_TYPES = ['revenue', 'upgrade_discount', 'rent_discount'] as const;
export type SpecialEventType = (typeof SPECIAL_EVENT_TYPES)[number];
