import { describe, expect, it } from 'vitest';
import { longestStreak, oneSharePerCluster, seasonBounds, seasonNumberAt, splitPool } from './seasons.ts';

describe('[§10 seasons] the calendar, the streak and the split of the pool', () => {
  it('when a moment is placed, then seasons of six weeks follow each other from the epoch', () => {
    const epoch = '2031-01-06T00:00:00Z';
    expect(seasonNumberAt(new Date('2031-01-05T23:59:59Z'), 6, epoch)).toBe(0);
    expect(seasonNumberAt(new Date(epoch), 6, epoch)).toBe(1);
    const { startsAt, endsAt } = seasonBounds(2, 6, epoch);
    expect([startsAt.toISOString(), endsAt.toISOString()]).toEqual(['2031-02-17T00:00:00.000Z', '2031-03-31T00:00:00.000Z']);
    expect(seasonNumberAt(new Date(endsAt.getTime() - 1), 6, epoch)).toBe(2);
    expect(seasonNumberAt(endsAt, 6, epoch)).toBe(3);
  });

  it('when days are counted, then the streak is the longest run of consecutive days', () => {
    expect(longestStreak([])).toBe(0);
    expect(longestStreak(['2031-01-01', '2031-01-02', '2031-01-04', '2031-01-05', '2031-01-06', '2031-01-06'])).toBe(3);
    expect(longestStreak(['2031-02-28', '2031-03-01', '2031-01-31', '2031-02-01'])).toBe(2);
  });

  it('when a pool is split, then the shares are whole DRK adding up to exactly the pool, the remainder going by a fixed order', () => {
    const shares = [
      { userId: 'c', weight: 1 },
      { userId: 'a', weight: 1 },
      { userId: 'b', weight: 1 },
      { userId: 'z', weight: 0 },
    ];
    // 100 / 3: 33 each, one left: equal remainders and weights, so the smallest id gets it.
    expect(splitPool(100, shares)).toEqual(
      new Map([
        ['a', 34],
        ['b', 33],
        ['c', 33],
      ]),
    );
    expect(splitPool(100, [...shares].reverse())).toEqual(splitPool(100, shares));
    for (const pool of [1, 2, 7, 999, 1_000_003, 21_000_000]) {
      const weights = Array.from({ length: 37 }, (_, i) => ({ userId: `p${i}`, weight: (i * 7) % 11 }));
      const paid = splitPool(pool, weights);
      expect([...paid.values()].reduce((sum, amount) => sum + amount, 0)).toBe(pool);
      expect([...paid.values()].every((amount) => Number.isInteger(amount) && amount > 0)).toBe(true);
    }
    expect(splitPool(500, [{ userId: 'a', weight: 0 }])).toEqual(new Map());
  });

  it('when linked accounts completed tasks, then only the heaviest of each cluster enters the split (ties: the smaller id), so a cluster gets one share', () => {
    const sharesOf = (weights: Record<string, number>) => Object.entries(weights).map(([userId, weight]) => ({ userId, weight }));
    const shares = sharesOf({ a: 3, b: 5, c: 2, d: 2, e: 4 });
    const entered = oneSharePerCluster(shares, [
      ['a', 'b'],
      ['c', 'd', 'x'],
    ]);
    expect(entered).toEqual(sharesOf({ a: 0, b: 5, c: 2, d: 0, e: 4 }));
    expect(Object.fromEntries(splitPool(1_100, entered))).toEqual({ b: 500, c: 200, e: 400 });
  });
});
