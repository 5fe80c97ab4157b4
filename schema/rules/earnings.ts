import { UPGRADE_MULTIPLIER, type TerritoryType, type UpgradeTier } from '../constants.ts';
import { adRevenue, chainMultiplier, chainStatuses, ownershipMultiplier, type ChainStatus } from './economy.ts';

// What a territory earns in a month (docs/rules.md §9): the monthly payout and the revenue
// center's projection both come from these functions, so the screen shows what will be paid.

export interface EarningTerritory {
  name: string;
  type: TerritoryType;
  monthly_revenue: number;
  upgrade_tier: UpgradeTier;
}

export interface EarningContext {
  /** How many territories the owner holds: the docs/rules.md §4 ownership multiplier. */
  territoryCount: number;
  chains: ChainStatus[];
  /** The product of the running 'revenue' special events (1 when none runs). */
  revenueEventMultiplier: number;
}

export interface TerritoryEarning {
  base: number;
  /** What the owner's multipliers add on top of the base, in whole DRK. */
  multiplierBonus: number;
  /** The territory's ad revenue by docs/rules.md §9's formula, in whole DRK. */
  adRevenue: number;
  /** Whole DRK paid to the owner. */
  toOwner: number;
  /** Whole DRK paid to the Wanakt: a wonder's ad revenue (docs/rules.md §1: wonders are public). */
  toWanakt: number;
}

export function territoryEarning(territory: EarningTerritory, context: EarningContext): TerritoryEarning {
  const base = territory.monthly_revenue;
  const multiplied = Math.round(
    base *
      ownershipMultiplier(context.territoryCount) *
      UPGRADE_MULTIPLIER[territory.upgrade_tier] *
      chainMultiplier(territory.name, context.chains) *
      context.revenueEventMultiplier,
  );
  const ads = Math.round(adRevenue(base, territory.upgrade_tier, territory.type));
  const wonder = territory.type === 'wonder';
  return {
    base,
    multiplierBonus: multiplied - base,
    adRevenue: ads,
    toOwner: multiplied + (wonder ? 0 : ads),
    toWanakt: wonder ? ads : 0,
  };
}

/** What one owner's territories earn by: how many it holds, and its chains from the names it holds (only the chains' own names count). */
export function ownerContext(territoryCount: number, ownedNames: Iterable<string>, revenueEventMultiplier: number): EarningContext {
  return { territoryCount, chains: chainStatuses(ownedNames), revenueEventMultiplier };
}

/** The earnings of every territory one owner holds, in the order given: the count and the chains come from the list. */
export function ownerEarnings(owned: readonly EarningTerritory[], revenueEventMultiplier: number): TerritoryEarning[] {
  const context = ownerContext(
    owned.length,
    owned.map((territory) => territory.name),
    revenueEventMultiplier,
  );
  return owned.map((territory) => territoryEarning(territory, context));
}

/**
 * A month's payouts cut down to fit the DRK that may still be minted: each amount shrinks by the
 * same ratio and is rounded down, so together they never pass `remaining`. Untouched when they fit.
 * Given the payouts' `total` ahead, the cut applies to each payout alone, so a month too large to
 * hold in memory is cut a part at a time.
 */
export function supplyScale(total: number, remaining: number): (amount: number) => number {
  if (total <= remaining) return (amount) => amount;
  const room = Math.max(0, remaining);
  return (amount) => Math.floor((amount * room) / total);
}

/** The month a payout belongs to, 'YYYY-MM' in UTC: earnings are paid once per territory per month. */
export function earningsMonthOf(moment: Date): string {
  return `${moment.getUTCFullYear()}-${String(moment.getUTCMonth() + 1).padStart(2, '0')}`;
}
