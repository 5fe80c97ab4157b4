import type { TerritoryType } from '../constants.ts';

// SPEC §9 "DRK packages".
export const DRK_PACKAGES = [
  { id: 'starter', name: 'Starter', drk: 500, price: 9.99, popular: false, description: 'A first foothold on the map.' },
  { id: 'explorer', name: 'Explorer', drk: 1000, price: 16.99, popular: false, description: 'Enough for a village and an upgrade.' },
  { id: 'trader', name: 'Trader', drk: 2500, price: 39.99, popular: true, description: 'The favourite of active traders.' },
  { id: 'baron', name: 'Baron', drk: 5000, price: 74.99, popular: false, description: 'Buy a town and start a realm.' },
  { id: 'wanakt', name: 'Wanakt', drk: 10000, price: 129.99, popular: false, description: 'For empire builders.' },
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

// SPEC §9 "Advertising".
export const AD_RATE_CENTS: Partial<Record<TerritoryType, number>> = { main: 8, sub: 5, wonder: 12, common: 3 };
export const DEFAULT_AD_RATE_CENTS = 5;
export const AD_TARGET_TYPES: readonly TerritoryType[] = ['main', 'sub', 'wonder'];
export const AD_IMPRESSIONS = { default: 1000, min: 100, max: 50_000 } as const;
export const BANNER_IMPRESSIONS = { default: 1000, min: 100, max: 100_000 } as const;
export const BANNER_DRK_PER_THOUSAND = 5;

export function adRateCents(type: TerritoryType): number {
  return AD_RATE_CENTS[type] ?? DEFAULT_AD_RATE_CENTS;
}

/** Total in whole dollars: impressions × rate in cents / 100, rounded up. */
export function adTotalDollars(type: TerritoryType, impressions: number): number {
  return Math.ceil((impressions * adRateCents(type)) / 100);
}

/** A dashboard banner costs 5 DRK per 1,000 impressions, rounded up. */
export function bannerCostDrk(impressions: number): number {
  return Math.ceil((impressions * BANNER_DRK_PER_THOUSAND) / 1000);
}

// SPEC §9 "Broadcast".
export const BROADCAST_PRICE_CENTS = 100;
export const BROADCAST_MAX_LENGTH = 200;
export const BROADCASTS_PER_DAY = 1;
