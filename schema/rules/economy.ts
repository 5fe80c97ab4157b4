import { DEFAULT_MONTHLY_REVENUE, UPGRADE_MULTIPLIER, UPGRADE_TIERS, type TerritoryType, type UpgradeTier } from '../constants.ts';

// docs/rules.md §4 "Ownership tiers by count" and §9 "Territory-count multipliers".
const OWNERSHIP_TIERS = [
  { minimum: 8, label: 'Empire Builder', multiplier: 2.5 },
  { minimum: 5, label: 'Territory Lord', multiplier: 2 },
  { minimum: 3, label: 'Land Baron', multiplier: 1.5 },
  { minimum: 2, label: 'Dual Owner', multiplier: 1.25 },
  { minimum: 1, label: 'Single Owner', multiplier: 1 },
] as const;

export interface OwnershipTier {
  label: string;
  multiplier: number;
}

export function ownershipTier(territoryCount: number): OwnershipTier | null {
  const tier = OWNERSHIP_TIERS.find((candidate) => territoryCount >= candidate.minimum);
  return tier ? { label: tier.label, multiplier: tier.multiplier } : null;
}

export function ownershipMultiplier(territoryCount: number): number {
  return ownershipTier(territoryCount)?.multiplier ?? 1;
}

// docs/rules.md §4 "Upgrade tiers": any higher tier can be bought by paying its cost.
export function canUpgrade(from: UpgradeTier, to: UpgradeTier): boolean {
  return UPGRADE_TIERS.indexOf(to) > UPGRADE_TIERS.indexOf(from);
}

// docs/rules.md §9 "Ad revenue per territory".
const AD_TYPE_FACTOR: Partial<Record<TerritoryType, number>> = { main: 1.5, wanakt: 2, wonder: 1.8, sub: 1.2 };
export const AD_REVENUE_SHARE = 0.15;

/** docs/rules.md §9: a territory without a monthly revenue (0) earns ads as if it had the default. */
export function adRevenue(monthlyRevenue: number, upgradeTier: UpgradeTier, type: TerritoryType): number {
  const base = monthlyRevenue > 0 ? monthlyRevenue : DEFAULT_MONTHLY_REVENUE;
  return base * UPGRADE_MULTIPLIER[upgradeTier] * (AD_TYPE_FACTOR[type] ?? 1) * AD_REVENUE_SHARE;
}

// docs/rules.md §4 "Chains".
export const CHAINS = [
  { name: 'Americas Trade Route', bonus: 0.25, territories: ['New York', 'Panama City', 'São Paulo'] },
  { name: 'Europe-Africa Corridor', bonus: 0.2, territories: ['London', 'Cairo', 'Lagos'] },
  { name: 'Asia-Pacific Network', bonus: 0.3, territories: ['Tokyo', 'Mumbai', 'Sydney'] },
  { name: 'World Wonders Collection', bonus: 0.5, territories: ['Great Wall', 'Machu Picchu', 'Petra'] },
  { name: 'Capital Cities Chain', bonus: 0.4, territories: ['London', 'Tokyo', 'New York', 'Panama City'] },
] as const;

export interface ChainStatus {
  name: string;
  bonus: number;
  territories: readonly string[];
  owned: string[];
  complete: boolean;
}

/** docs/rules.md §4 "Chain": complete when every listed territory is owned; the bonus applies only then. */
export function chainStatuses(ownedNames: Iterable<string>): ChainStatus[] {
  const owned = new Set(ownedNames);
  return CHAINS.map((chain) => {
    const have = chain.territories.filter((name) => owned.has(name));
    return {
      name: chain.name,
      bonus: chain.bonus,
      territories: chain.territories,
      owned: have,
      complete: have.length === chain.territories.length,
    };
  });
}

/** The summed bonus of the complete chains that include this territory, as a multiplier (1 = none). */
export function chainMultiplier(territoryName: string, statuses: ChainStatus[]): number {
  return (
    1 + statuses.filter((chain) => chain.complete && chain.territories.includes(territoryName)).reduce((sum, chain) => sum + chain.bonus, 0)
  );
}

// docs/rules.md §9 "Analytics".
export const REVENUE_SPLIT = { rent: 0.7, ads: 0.2, bonuses: 0.1 } as const;
export const UPGRADE_POTENTIAL_SHARE = 0.5;
export const EXPANSION_VALUE_PER_TERRITORY = 166;
export const EXPANSION_TARGET = 8;
export const AD_OPTIMIZATION_PER_TERRITORY = 25;
export const FORECAST_MONTHS = 6;
export const USD_PER_DRK = 0.016;
export const ANNUAL_GOAL_USD = 350;

export function expansionOpportunity(territoryCount: number): number {
  return Math.max(0, EXPANSION_TARGET - territoryCount) * EXPANSION_VALUE_PER_TERRITORY;
}

export function adOptimizationOpportunity(types: Iterable<TerritoryType>): number {
  let count = 0;
  for (const type of types) if (type === 'common' || type === 'sub') count++;
  return count * AD_OPTIMIZATION_PER_TERRITORY;
}

/** Month-by-month projection of a monthly figure growing at `monthlyGrowth` (0.05 = 5% a month). */
export function forecast(monthly: number, monthlyGrowth: number, months = FORECAST_MONTHS): number[] {
  return Array.from({ length: months }, (_, index) => Math.round(monthly * (1 + monthlyGrowth) ** (index + 1)));
}

export function annualUsd(drkPerYear: number): number {
  return drkPerYear * USD_PER_DRK;
}

/**
 * A discount event's bonus_multiplier names the discount: 1.25 is 25% off. The price never goes
 * below zero, and whole DRK are kept whole.
 */
export function discountedPrice(price: number, bonusMultiplier: number): number {
  return Math.round(price * Math.max(0, 2 - bonusMultiplier));
}
