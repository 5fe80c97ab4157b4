import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRADE_EXCLUSIONS, tradeExclusion, type TradeFacts } from './trade-filter.ts';

const honest: TradeFacts = { linked: false, returnsToSeller: false, earlierPairTrades: 0, price: 1_000, typeMedian: 1_000 };

describe('[§4 trades that count] which trades between players count for prices, rankings and seasons', () => {
  it('when nothing is odd about a sale, then it counts', () => {
    expect(tradeExclusion(honest)).toBeNull();
    expect(tradeExclusion({ ...honest, typeMedian: null, price: 1 })).toBeNull();
  });

  it('when the two are linked, the land goes back to a seller or the same pair trades a third time, then it does not count', () => {
    expect(tradeExclusion({ ...honest, linked: true })).toBe('linked');
    expect(tradeExclusion({ ...honest, returnsToSeller: true })).toBe('round_trip');
    expect([0, 1, 2, 5].map((earlierPairTrades) => tradeExclusion({ ...honest, earlierPairTrades }))).toEqual([
      null,
      null,
      'repeated_pair',
      'repeated_pair',
    ]);
  });

  it("when the price is below 10 % or above 10× the type's median, then it does not count; at the bounds it does", () => {
    expect([99, 100, 10_000, 10_001].map((price) => tradeExclusion({ ...honest, price }))).toEqual([
      'off_market',
      null,
      null,
      'off_market',
    ]);
  });

  it('when several reasons apply, then the first of the published order is the one kept', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.nat(5),
        fc.nat(100_000),
        fc.option(fc.integer({ min: 1, max: 100_000 })),
        (linked, back, pair, price, median) => {
          const facts = { linked, returnsToSeller: back, earlierPairTrades: pair, price, typeMedian: median };
          const reasons = [linked, back, pair + 1 >= 3, median !== null && (price < median / 10 || price > median * 10)];
          const first = reasons.indexOf(true);
          expect(tradeExclusion(facts)).toBe(first === -1 ? null : TRADE_EXCLUSIONS[first]);
        },
      ),
    );
  });
});
