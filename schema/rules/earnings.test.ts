import { describe, expect, it } from 'vitest';
import { chainStatuses } from './economy.ts';
import { earningsMonthOf, ownerEarnings, supplyScale, territoryEarning } from './earnings.ts';

// The whole month cut at once, as the plan cuts it part by part with its total read ahead.
const scaleToSupply = (amounts: number[], remaining: number) =>
  amounts.map(
    supplyScale(
      amounts.reduce((sum, amount) => sum + amount, 0),
      remaining,
    ),
  );

const alone = { territoryCount: 1, chains: chainStatuses([]), revenueEventMultiplier: 1 };

describe('[§9] monthly earnings rules', () => {
  it('when a single standard village earns, then it gets its base revenue plus 15% ad revenue', () => {
    expect(territoryEarning({ name: 'Taos', type: 'village', monthly_revenue: 100, upgrade_tier: 'standard' }, alone)).toEqual({
      base: 100,
      multiplierBonus: 0,
      adRevenue: 15,
      toOwner: 115,
      toWanakt: 0,
    });
  });

  it('[§4 §9] when the owner has several territories, an upgrade, a complete chain and a revenue event, then every multiplier applies', () => {
    const owned = ['London', 'Cairo', 'Lagos'].map((name) => ({
      name,
      type: 'main' as const,
      monthly_revenue: 400,
      upgrade_tier: 'premium' as const,
    }));
    const [london] = ownerEarnings(owned, 1.5);
    // 400 × 1.5 (3 territories) × 1.5 (premium) × 1.2 (Europe-Africa complete; Capital Cities is not) × 1.5 (event) = 1620.
    expect(london.base).toBe(400);
    expect(london.multiplierBonus).toBe(1620 - 400);
    // Ad revenue: 400 × 1.5 (premium) × 1.5 (main) × 0.15 = 135.
    expect(london.adRevenue).toBe(135);
    expect(london.toOwner).toBe(1620 + 135);
  });

  it('[§1 wonders] when a wonder earns, then its ad revenue goes to the Wanakt, not to the owner', () => {
    const earning = territoryEarning({ name: 'Petra', type: 'wonder', monthly_revenue: 680, upgrade_tier: 'standard' }, alone);
    // 680 × 1 × 1.8 × 0.15 = 183.6 → 184.
    expect(earning).toMatchObject({ toOwner: 680, toWanakt: 184, adRevenue: 184 });
  });

  it('when the payouts would pass the cap, then each shrinks by the same ratio and together they fit', () => {
    expect(scaleToSupply([100, 50, 0], 1000)).toEqual([100, 50, 0]);
    const scaled = scaleToSupply([300, 200, 500, 1], 101);
    expect(scaled.reduce((sum, amount) => sum + amount, 0)).toBeLessThanOrEqual(101);
    expect(scaled).toEqual([30, 20, 50, 0]);
    expect(scaleToSupply([10, 20], 0)).toEqual([0, 0]);
    expect(scaleToSupply([10, 20], -5)).toEqual([0, 0]);
  });

  it('names the month of a payout in UTC', () => {
    expect(earningsMonthOf(new Date('2026-05-01T00:00:00Z'))).toBe('2026-05');
    expect(earningsMonthOf(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12');
  });
});
