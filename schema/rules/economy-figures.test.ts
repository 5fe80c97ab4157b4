import { describe, expect, it } from 'vitest';
import { concentration, priceIndex, projectCapMonth } from './economy-figures.ts';

describe('[open books] economy figures', () => {
  it('when everyone holds the same, then the Gini is 0; when one holds all, it approaches 1', () => {
    expect(concentration({ holders: 4, held: 40, top1Held: 10, top10Held: 10, rankWeighted: 10 * (1 + 2 + 3 + 4) }).gini).toBe(0);
    // 99 empty accounts and one with 100: Σ i·x = 100·100.
    const oneHoldsAll = concentration({ holders: 100, held: 100, top1Held: 100, top10Held: 100, rankWeighted: 100 * 100 });
    expect(oneHoldsAll).toEqual({ holders: 100, held: 100, top_1_percent_share: 1, top_10_percent_share: 1, gini: 0.99 });
  });

  it('when nobody holds anything, then the figures are zero rather than a division by zero', () => {
    expect(concentration({ holders: 0, held: 0, top1Held: 0, top10Held: 0, rankWeighted: 0 })).toEqual({
      holders: 0,
      held: 0,
      top_1_percent_share: 0,
      top_10_percent_share: 0,
      gini: 0,
    });
  });

  it('when 1,000 DRK a day were minted over 90 days and 45,000 remain, then the cap falls 45 days on', () => {
    expect(projectCapMonth(new Date('2026-01-20T00:00:00Z'), 45_000, 90_000, 90, 400)).toBe('2026-03');
  });

  it('when minting began less than a window ago, then there is no projected month: too little history to hold a pace', () => {
    expect(projectCapMonth(new Date('2026-01-20T00:00:00Z'), 45_000, 90_000, 90, 89)).toBeNull();
    expect(projectCapMonth(new Date('2026-01-20T00:00:00Z'), 45_000, 90_000, 90, 90)).toBe('2026-03');
  });

  it('when nothing was minted in the window, then there is no projected month; when nothing remains, it is now', () => {
    expect(projectCapMonth(new Date('2026-01-20T00:00:00Z'), 45_000, 0, 90, 400)).toBeNull();
    expect(projectCapMonth(new Date('2026-01-20T00:00:00Z'), 0, 0, 90, 0)).toBe('2026-01');
    expect(projectCapMonth(new Date('2026-01-20T00:00:00Z'), 21_000_000, 1, 90, 400)).toBeNull();
  });

  it('when villages double in price and cities hold, then the index weighs each type against itself by its trades', () => {
    const index = priceIndex([
      { day: '2026-01-02', territory_type: 'village', trades: 1, median_price: 2_000 },
      { day: '2026-01-01', territory_type: 'village', trades: 3, median_price: 1_000 },
      { day: '2026-01-02', territory_type: 'city', trades: 1, median_price: 50_000 },
    ]);
    expect(index).toEqual([
      { day: '2026-01-01', index: 100 },
      { day: '2026-01-02', index: 150 },
    ]);
  });
});
