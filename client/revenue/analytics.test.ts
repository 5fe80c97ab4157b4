import { describe, expect, it } from 'vitest';
import type { SpecialEventDto } from '../../schema/api/events.ts';
import { eventBenefit, opportunities, opportunityGrowth, ownershipLadder, projection, revenueSplit } from './analytics.ts';
import { runningMultiplier } from '../hud/rules.ts';
import { countdownLabel, startsInLabel } from './countdown.ts';

describe('[§4 ownership tiers] the ladder read off the rule', () => {
  it('when the ladder is built, then it has the five tiers of docs/rules.md §4 with their minimum counts', () => {
    expect(ownershipLadder().map(({ label, minimum, multiplier }) => [label, minimum, multiplier])).toEqual([
      ['Single Owner', 1, 1],
      ['Dual Owner', 2, 1.25],
      ['Land Baron', 3, 1.5],
      ['Territory Lord', 5, 2],
      ['Empire Builder', 8, 2.5],
    ]);
  });
});

describe('[§9 analytics] split, opportunities and projections', () => {
  it('when the monthly total is 1000, then the split is 700 rent, 200 ads and 100 bonuses', () => {
    expect(revenueSplit(1000).map((line) => [line.key, line.amount])).toEqual([
      ['rent', 700],
      ['ads', 200],
      ['bonuses', 100],
    ]);
  });

  it('when a player holds a main city and two sub territories, then upgrades are 50% of base, expansion 166 per missing territory and ads 25 per common or sub', () => {
    const list = opportunities(400, ['main', 'sub', 'sub']);
    expect(Object.fromEntries(list.map((item) => [item.key, item.monthly]))).toEqual({ upgrades: 200, expansion: 5 * 166, ads: 50 });
    expect(opportunities(0, Array(9).fill('main')).find((item) => item.key === 'expansion')?.monthly).toBe(0);
  });

  it('when projected, then the forecast has 6 months and the annual USD is DRK a year times 0.016 against $350', () => {
    const plan = projection(1000, 0);
    expect(plan.months).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
    expect(plan.annualDrk).toBe(12_000);
    expect(plan.annualUsd).toBeCloseTo(192);
    expect(plan.goalUsd).toBe(350);
    expect(plan.goalMonthlyDrk).toBe(1823);
  });

  it('when every opportunity is realised, then the sixth month of the forecast reaches the total plus the opportunities', () => {
    const growth = opportunityGrowth(1000, 500);
    expect(projection(1000, growth).months.at(-1)).toBe(1500);
    expect(opportunityGrowth(0, 500)).toBe(0);
  });
});

describe('[§4 event] running multipliers, benefits and the countdown', () => {
  const event = (state: SpecialEventDto['state'], event_type: SpecialEventDto['event_type'], bonus_multiplier: number) =>
    ({ state, event_type, bonus_multiplier }) as SpecialEventDto;

  it('when several discount events run, then their multipliers multiply, and upcoming ones do not count', () => {
    const events = [
      event('active', 'upgrade_discount', 1.25),
      event('active', 'upgrade_discount', 1.2),
      event('upcoming', 'upgrade_discount', 2),
      event('active', 'revenue', 1.5),
    ];
    expect(runningMultiplier(events, 'upgrade_discount')).toBeCloseTo(1.5);
    expect(runningMultiplier([], 'upgrade_discount')).toBe(1);
  });

  it('when an event is described, then its benefit names its effect', () => {
    expect(eventBenefit(event('active', 'revenue', 1.5))).toBe('+50% revenue on every territory');
    expect(eventBenefit(event('active', 'upgrade_discount', 1.25))).toBe('25% off every territory upgrade');
    expect(eventBenefit(event('active', 'rent_discount', 1.2))).toBe('20% off the rent owed to overlords');
  });

  it("when time runs out, then the countdown reads 'Event ended'", () => {
    expect(countdownLabel(2 * 86_400 + 4 * 3600 + 5 * 60 + 6)).toBe('2d 04:05:06 remaining');
    expect(countdownLabel(59)).toBe('00:00:59 remaining');
    expect(countdownLabel(0)).toBe('Event ended');
    expect(countdownLabel(-3)).toBe('Event ended');
    expect(startsInLabel('2026-01-04T05:00:00Z', Date.parse('2026-01-01T00:00:00Z'))).toBe('Starts in 3d 5h');
  });
});
