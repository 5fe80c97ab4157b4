import type { TerritoryType } from '../constants.ts';
import { formatDrk } from '../format.ts';

// DRK packages: names, amounts and prices are fixed by the product; each description says what
// the amount buys at the seeded world's list prices (villages 1,000–1,900, towns 2,500–4,000,
// cities 6,000–8,000).
export const DRK_PACKAGES = [
  {
    id: 'starter',
    name: 'Starter',
    drk: 500,
    price: 9.99,
    popular: false,
    description: 'Enough for a Premium upgrade of a territory you hold.',
  },
  {
    id: 'explorer',
    name: 'Explorer',
    drk: 1000,
    price: 16.99,
    popular: false,
    description: 'Enough for one of the cheapest villages (1,000 DRK).',
  },
  {
    id: 'trader',
    name: 'Trader',
    drk: 2500,
    price: 39.99,
    popular: true,
    description: 'Enough for any village, or one of the cheapest towns.',
  },
  {
    id: 'baron',
    name: 'Baron',
    drk: 5000,
    price: 74.99,
    popular: false,
    description: 'Enough for any town, with a Premium upgrade to spare.',
  },
  {
    id: 'wanakt',
    name: 'Wanakt',
    drk: 10000,
    price: 129.99,
    popular: false,
    description: 'Enough for any city, or several villages and towns.',
  },
] as const;
export type DrkPackage = (typeof DRK_PACKAGES)[number];
export type DrkPackageId = DrkPackage['id'];

export function packagePriceCents(pkg: DrkPackage): number {
  return Math.round(pkg.price * 100);
}

/** The best-value badge goes to the most DRK per dollar. */
export function bestValuePackageId(): DrkPackageId {
  return [...DRK_PACKAGES].sort((a, b) => b.drk / b.price - a.drk / a.price)[0].id;
}

// docs/rules.md §9 "Advertising".
export const AD_RATE_CENTS: Partial<Record<TerritoryType, number>> = { main: 8, sub: 5, wonder: 12, common: 3 };
export const DEFAULT_AD_RATE_CENTS = 5;
export const AD_TARGET_TYPES: readonly TerritoryType[] = ['main', 'sub', 'wonder'];
export const AD_IMPRESSIONS = { default: 1000, min: 100, max: 50_000 } as const;
export const BANNER_IMPRESSIONS = { default: 1000, min: 100, max: 100_000 } as const;
export const BANNER_DRK_PER_THOUSAND = 5;

/** The rate of a territory type; with no territory chosen yet, the default rate (docs/rules.md §9 "Default total: $50"). */
export function adRateCents(type: TerritoryType | null): number {
  return (type && AD_RATE_CENTS[type]) ?? DEFAULT_AD_RATE_CENTS;
}

/** Total in whole dollars: impressions × rate in cents / 100, rounded up. */
export function adTotalDollars(type: TerritoryType | null, impressions: number): number {
  return Math.ceil((impressions * adRateCents(type)) / 100);
}

/** A dashboard banner costs 5 DRK per 1,000 impressions, rounded up. */
export function bannerCostDrk(impressions: number): number {
  return Math.ceil((impressions * BANNER_DRK_PER_THOUSAND) / 1000);
}

// docs/rules.md §9 "Broadcast".
export const BROADCAST_PRICE_CENTS = 100;
export const BROADCAST_MAX_LENGTH = 200;
export const BROADCASTS_PER_DAY = 1;
/** The "day" of BROADCASTS_PER_DAY, read as any 24 hours, so two broadcasts cannot sit either side of midnight. */
export const BROADCAST_DAY_MS = 24 * 60 * 60 * 1000;

/** When a player whose broadcasts of the last day are these (oldest first) may send again, or null when they may now. */
export function nextBroadcastAt(sentInLastDay: readonly Date[]): Date | null {
  if (sentInLastDay.length < BROADCASTS_PER_DAY) return null;
  return new Date(sentInLastDay[0].getTime() + BROADCAST_DAY_MS);
}

/** Why a player cannot send a broadcast until `next`. */
export function limitReached(next: Date): string {
  return `You can send one broadcast per day. Your next one can go out after ${next.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
}

// docs/rules.md §9 "DRK in dollars": 1 DRK is worth $0.016, i.e. 1.6 cents, so one cent buys 10/16 DRK.
// Whole-number arithmetic keeps $1 at exactly 62.5 DRK before rounding, which floats would not.
const TENTHS_OF_A_CENT_PER_DRK = 16;

/** What an amount paid in US cents is worth in DRK at the store's rate, to the nearest DRK ($1 = 63 DRK). */
export function drkForUsdCents(cents: number): number {
  return Math.round((cents * 10) / TENTHS_OF_A_CENT_PER_DRK);
}

export function findDrkPackage(id: string): DrkPackage | undefined {
  return DRK_PACKAGES.find((pkg) => pkg.id === id);
}

/** docs/rules.md §5 "DRK package": a package larger than the remaining supply cannot be bought. */
export function packageSupplyMessage(remaining: number, drk: number): string {
  return `Only ${formatDrk(remaining)} remaining in supply. Cannot purchase ${formatDrk(drk)} package.`;
}

// docs/rules.md §9 "Rate card labels", in the order the advertise page shows them: the kinds of place
// an ad can be aimed at (AD_TARGET_TYPES, store.test.ts holds them equal), so the card prices nothing the form refuses.
export const AD_RATE_CARD: readonly { label: string; type: TerritoryType }[] = [
  { label: 'Major Cities', type: 'main' },
  { label: 'Sub-territories', type: 'sub' },
  { label: 'Tourist Wonders', type: 'wonder' },
];
