import { describe, expect, it } from 'vitest';
import type { EconomyOverviewDto } from '../../schema/api/economy.ts';
import { flowSeries, flowTotals, medianPriceSeries, mintedSeries, regionIndexSeries } from './series.ts';

const JAN = Date.parse('2026-01-01T00:00:00Z') / 1000;
const FEB = Date.parse('2026-02-01T00:00:00Z') / 1000;
const DAY1 = Date.parse('2026-02-10T00:00:00Z') / 1000;
const DAY2 = Date.parse('2026-02-11T00:00:00Z') / 1000;

const overview = {
  flows_by_month: [
    { month: '2026-01', from_kind: 'minted', to_kind: 'player', reason: 'registration', amount: 300, movements: 3 },
    { month: '2026-01', from_kind: 'player', to_kind: 'player', reason: 'rent', amount: 40, movements: 2 },
    { month: '2026-02', from_kind: 'player', to_kind: 'treasury', reason: 'upgrade', amount: 500, movements: 1 },
  ],
  minted_by_month: [
    { month: '2026-01', reason: 'registration', amount: 300, movements: 3 },
    { month: '2026-01', reason: 'demo_grant', amount: 4_900, movements: 1 },
    { month: '2026-02', reason: 'earnings', amount: 70, movements: 2 },
  ],
  market_by_day: [
    { day: '2026-02-10', territory_type: 'village', trades: 2, volume: 300, median_price: 150 },
    { day: '2026-02-11', territory_type: 'city', trades: 1, volume: 9_000, median_price: 9_000 },
  ],
  market_by_region: [
    { region: 'europe', by_type: [], price_index: [{ day: '2026-02-10', index: 100 }] },
    { region: 'asia', by_type: [], price_index: [{ day: '2026-02-11', index: 112.5 }] },
  ],
} as unknown as EconomyOverviewDto;

describe('[open books] chart series of the economy page', () => {
  it('when a source minted nothing in a month, then its point is 0, and starting and demo grants are one source', () => {
    expect(mintedSeries(overview)).toEqual({
      labels: ['Starting grants', 'Monthly earnings'],
      data: [
        [JAN, FEB],
        [5_200, 0],
        [0, 70],
      ],
    });
  });

  it('when a type did not trade on a day, then it has no price there rather than a price of 0', () => {
    expect(medianPriceSeries(overview)).toEqual({
      labels: ['city', 'village'],
      data: [
        [DAY1, DAY2],
        [null, 9_000],
        [150, null],
      ],
    });
  });

  it('when regions traded on different days, then each has a line of its own, with no point where it did not trade', () => {
    expect(regionIndexSeries(overview)).toEqual({
      labels: ['Europe', 'Asia'],
      data: [
        [DAY1, DAY2],
        [100, null],
        [null, 112.5],
      ],
    });
  });

  it('when flows are charted, then mints are left to their own chart; the totals keep them, largest first', () => {
    expect(flowSeries(overview).labels).toEqual(['Players → Players: Rent', "Players → The Wanakt's treasury: Upgrade"]);
    expect(flowTotals(overview).map((total) => [total.label, total.amount])).toEqual([
      ["Players → The Wanakt's treasury: Upgrade", 500],
      ['Minted → Players: Starting grant', 300],
      ['Players → Players: Rent', 40],
    ]);
  });
});
