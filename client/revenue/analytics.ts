import { formatDrk } from '../format.ts';
import type { RevenueSummaryDto } from '../../schema/api/revenue.ts';
import type { SpecialEventDto } from '../../schema/api/events.ts';
import type { TerritoryType } from '../../schema/constants.ts';
import {
  ANNUAL_GOAL_USD,
  FORECAST_MONTHS,
  EXPANSION_TARGET,
  EXPANSION_VALUE_PER_TERRITORY,
  REVENUE_SPLIT,
  UPGRADE_POTENTIAL_SHARE,
  USD_PER_DRK,
  adOptimizationOpportunity,
  annualUsd,
  expansionOpportunity,
  forecast,
  ownershipTier,
  type OwnershipTier,
} from '../../schema/rules/economy.ts';
import { RENT_PERIOD_MONTHS } from '../../schema/rules/rent.ts';

// The ownership tiers are defined by the rule ownershipTier(); the ladder is read off it by
// counting territories far past the top tier, so the screen never keeps its own copy.
const LADDER_SCAN_LIMIT = 100;

export interface LadderStep extends OwnershipTier {
  /** The fewest territories that reach this tier. */
  minimum: number;
}

export function ownershipLadder(): LadderStep[] {
  const steps: LadderStep[] = [];
  for (let count = 1; count <= LADDER_SCAN_LIMIT; count++) {
    const tier = ownershipTier(count);
    if (tier && steps.at(-1)?.label !== tier.label) steps.push({ ...tier, minimum: count });
  }
  return steps;
}

export interface SplitLine {
  key: keyof typeof REVENUE_SPLIT;
  label: string;
  share: number;
  amount: number;
}

const SPLIT_LABELS: Record<keyof typeof REVENUE_SPLIT, string> = { rent: 'Rent', ads: 'Advertising', bonuses: 'Bonuses' };

/** docs/rules.md §9 "Analytics": the monthly total as 70% rent, 20% ads and 10% bonuses. */
export function revenueSplit(totalMonthly: number): SplitLine[] {
  return (Object.keys(REVENUE_SPLIT) as (keyof typeof REVENUE_SPLIT)[]).map((key) => ({
    key,
    label: SPLIT_LABELS[key],
    share: REVENUE_SPLIT[key],
    amount: Math.round(totalMonthly * REVENUE_SPLIT[key]),
  }));
}

/** The player's own mix of the same three parts, from the server's projection. */
export function actualMix(summary: Pick<RevenueSummaryDto, 'base_revenue' | 'feudal_tribute' | 'ad_revenue' | 'multiplier_bonus'>) {
  // Tribute is owed per rent period; spread over its months it sits beside the monthly parts.
  const rent = summary.base_revenue + summary.feudal_tribute / RENT_PERIOD_MONTHS;
  const total = rent + summary.ad_revenue + summary.multiplier_bonus;
  const share = (part: number) => (total > 0 ? part / total : 0);
  return { rent: share(rent), ads: share(summary.ad_revenue), bonuses: share(summary.multiplier_bonus) };
}

export interface Opportunity {
  key: 'upgrades' | 'expansion' | 'ads';
  title: string;
  detail: string;
  monthly: number;
}

/** docs/rules.md §9 "Analytics": upgrade potential, expansion and ad optimization, in DRK a month. */
export function opportunities(baseRevenue: number, territoryTypes: readonly TerritoryType[]): Opportunity[] {
  const adTargets = territoryTypes.filter((type) => type === 'common' || type === 'sub').length;
  return [
    {
      key: 'upgrades',
      title: 'Upgrade Potential',
      detail: `Upgrading your territories can add ${UPGRADE_POTENTIAL_SHARE * 100}% of your base revenue.`,
      monthly: Math.round(baseRevenue * UPGRADE_POTENTIAL_SHARE),
    },
    {
      key: 'expansion',
      title: 'Expansion',
      detail:
        expansionOpportunity(territoryTypes.length) > 0
          ? `Each territory you add, up to ${EXPANSION_TARGET}, is worth ${formatDrk(EXPANSION_VALUE_PER_TERRITORY)} a month.`
          : `You hold ${EXPANSION_TARGET} or more territories: the top of the expansion ladder.`,
      monthly: expansionOpportunity(territoryTypes.length),
    },
    {
      key: 'ads',
      title: 'Ad Optimization',
      detail: `${adTargets} common or sub ${adTargets === 1 ? 'territory' : 'territories'} can carry more ads.`,
      monthly: adOptimizationOpportunity(territoryTypes),
    },
  ];
}

const MONTHS_PER_YEAR = 12;

export interface Projection {
  months: number[];
  annualDrk: number;
  annualUsd: number;
  goalUsd: number;
  /** The monthly DRK that reaches the annual goal. */
  goalMonthlyDrk: number;
}

/** docs/rules.md §9: the 6-month forecast and the annual USD figure (DRK a year × 0.016) against the $350 goal. */
export function projection(totalMonthly: number, monthlyGrowth: number): Projection {
  const months = forecast(totalMonthly, monthlyGrowth);
  const annualDrk = totalMonthly * MONTHS_PER_YEAR;
  return {
    months,
    annualDrk,
    annualUsd: annualUsd(annualDrk),
    goalUsd: ANNUAL_GOAL_USD,
    goalMonthlyDrk: Math.ceil(ANNUAL_GOAL_USD / USD_PER_DRK / MONTHS_PER_YEAR),
  };
}

/** What an event does, in the words of its type: a revenue boost or a discount. */
export function eventBenefit(event: Pick<SpecialEventDto, 'event_type' | 'bonus_multiplier'>): string {
  const percent = Math.round(Math.abs(event.bonus_multiplier - 1) * 100);
  const raises = event.bonus_multiplier >= 1;
  switch (event.event_type) {
    case 'revenue':
      return `${raises ? '+' : '-'}${percent}% revenue on every territory`;
    case 'upgrade_discount':
      return raises ? `${percent}% off every territory upgrade` : `Territory upgrades cost ${percent}% more`;
    case 'rent_discount':
      return raises ? `${percent}% off the rent owed to overlords` : `Rent owed to overlords is ${percent}% higher`;
  }
}

/**
 * The steady monthly growth that takes `totalMonthly` to `totalMonthly + opportunity` by the last
 * month of the forecast: the "realise your opportunities" scenario of the projections.
 */
export function opportunityGrowth(totalMonthly: number, opportunity: number, months = FORECAST_MONTHS): number {
  if (totalMonthly <= 0 || opportunity <= 0) return 0;
  return ((totalMonthly + opportunity) / totalMonthly) ** (1 / months) - 1;
}
