import { describe, expect, it } from 'vitest';
import {
  adRevenue,
  canUpgrade,
  chainMultiplier,
  chainStatuses,
  discountedPrice,
  expansionOpportunity,
  forecast,
  ownershipTier,
} from './economy.ts';
import { dueLabel, rentDue, rentPeriodOf } from './rent.ts';
import { adTotalDollars, bannerCostDrk, bestValuePackageId } from './store.ts';

describe('[§4 §9] economy rules', () => {
  it('[§4 ownership tiers] names the tier and multiplier for each territory count', () => {
    expect([0, 1, 2, 3, 4, 5, 7, 8, 20].map((n) => ownershipTier(n)?.multiplier ?? null)).toEqual([
      null,
      1,
      1.25,
      1.5,
      1.5,
      2,
      2,
      2.5,
      2.5,
    ]);
    expect(ownershipTier(5)?.label).toBe('Territory Lord');
  });

  it('[§4 upgrade tiers] allows only higher tiers', () => {
    expect(canUpgrade('standard', 'premium')).toBe(true);
    expect(canUpgrade('deluxe', 'premium')).toBe(false);
    expect(canUpgrade('ultimate', 'ultimate')).toBe(false);
  });

  it('[§9 ad revenue] multiplies revenue, upgrade and type factors by 0.15', () => {
    expect(adRevenue(100, 'standard', 'main')).toBeCloseTo(22.5);
    expect(adRevenue(100, 'ultimate', 'wonder')).toBeCloseTo(81);
    expect(adRevenue(100, 'premium', 'village')).toBeCloseTo(22.5);
  });

  it('[§9 ad revenue] counts a territory without monthly revenue at the default 111, as the wonders page shows it', () => {
    expect(adRevenue(0, 'standard', 'wonder')).toBeCloseTo(adRevenue(111, 'standard', 'wonder'));
  });

  it('[§4 chain] applies a bonus only when the chain is complete', () => {
    const partial = chainStatuses(['London', 'Cairo']);
    expect(partial.find((chain) => chain.name === 'Europe-Africa Corridor')?.complete).toBe(false);
    const complete = chainStatuses(['London', 'Cairo', 'Lagos']);
    expect(chainMultiplier('Cairo', complete)).toBeCloseTo(1.2);
    expect(chainMultiplier('Tokyo', complete)).toBe(1);
  });

  it('[§9 analytics] values expansion up to 8 territories and forecasts 6 months', () => {
    expect(expansionOpportunity(3)).toBe(5 * 166);
    expect(expansionOpportunity(10)).toBe(0);
    expect(forecast(1000, 0.1)).toEqual([1100, 1210, 1331, 1464, 1611, 1772]);
  });

  it('treats a discount multiplier of 1.25 as 25% off', () => {
    expect(discountedPrice(1200, 1.25)).toBe(900);
    expect(discountedPrice(500, 1)).toBe(500);
    expect(discountedPrice(500, 3)).toBe(0);
  });
});

describe('[§1 §9 rent] the feudal chain', () => {
  it('charges main cities 111, sub-territories 72 and the feudal shares of monthly revenue', () => {
    expect(rentDue({ type: 'main', monthly_revenue: 400, rent_amount: null })).toEqual({ amount: 111, payment_type: 'rent' });
    expect(rentDue({ type: 'sub', monthly_revenue: 150, rent_amount: null })).toEqual({ amount: 72, payment_type: 'sub_rent' });
    expect(rentDue({ type: 'village', monthly_revenue: 50, rent_amount: null })?.amount).toBe(15);
    expect(rentDue({ type: 'town', monthly_revenue: 100, rent_amount: null })?.amount).toBe(25);
    expect(rentDue({ type: 'city', monthly_revenue: 200, rent_amount: null })?.amount).toBe(40);
    expect(rentDue({ type: 'wonder', monthly_revenue: 800, rent_amount: null })).toBeNull();
  });

  it('uses the rent the Wanakt set, and 0 means none is owed', () => {
    expect(rentDue({ type: 'main', monthly_revenue: 400, rent_amount: 250 })?.amount).toBe(250);
    expect(rentDue({ type: 'main', monthly_revenue: 400, rent_amount: 0 })).toBeNull();
  });

  it("labels 'Due in N days' and 'Overdue by N days'", () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(dueLabel(new Date('2026-11-27T12:00:00Z'), now)).toBe('Due in 5 days');
    expect(dueLabel(new Date('2026-11-19T12:00:00Z'), now)).toBe('Overdue by 3 days');
    expect(dueLabel(new Date('2026-11-23T12:00:00Z'), now)).toBe('Due in 1 day');
    expect(rentPeriodOf(now)).toBe('2026-H2');
    expect(rentPeriodOf(new Date('2027-03-01T00:00:00Z'))).toBe('2027-H1');
  });
});

describe('[§9 store] prices', () => {
  it('prices ads per impression by territory type, rounded up to whole dollars', () => {
    expect(adTotalDollars('main', 1000)).toBe(80);
    expect(adTotalDollars('sub', 1000)).toBe(50);
    expect(adTotalDollars('wonder', 101)).toBe(13);
    expect(adTotalDollars('city', 1000)).toBe(50);
  });

  it('prices banners at 5 DRK per 1,000 impressions, rounded up', () => {
    expect(bannerCostDrk(1000)).toBe(5);
    expect(bannerCostDrk(1001)).toBe(6);
    expect(bannerCostDrk(100)).toBe(1);
  });

  it('gives the best-value badge to the most DRK per dollar', () => {
    expect(bestValuePackageId()).toBe('wanakt');
  });
});
