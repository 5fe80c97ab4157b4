import type { EconomyOverviewDto, FlowMonthDto } from '../../schema/api/economy.ts';
import type { LedgerReason } from '../../schema/api/statement.ts';
import { KIND_LABEL, REASON_LABEL } from '../../schema/api/ledger-labels.ts';
import { REGION_LABELS } from '../../schema/rules/region.ts';

/** uPlot's aligned columns: x (unix seconds), then one column per series, null where a series has no point. */
export interface ChartSeries {
  labels: string[];
  data: [number[], ...(number | null)[][]];
}

const seconds = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / 1000;
const monthSeconds = (month: string) => seconds(`${month}-01`);

/**
 * Rows keyed by x and series label become aligned columns over the sorted union of x. `absent` is
 * what a series shows where it has no row: 0 for sums (nothing minted that month), null for
 * prices (no trade that day, so no price at all).
 */
function align(points: { x: number; label: string; y: number }[], labels: string[], absent: 0 | null): ChartSeries {
  const xs = [...new Set(points.map((point) => point.x))].sort((a, b) => a - b);
  const columns = labels.map(() => xs.map((): number | null => absent));
  for (const point of points) {
    const column = columns[labels.indexOf(point.label)];
    const at = xs.indexOf(point.x);
    column[at] = (column[at] ?? 0) + point.y;
  }
  return { labels, data: [xs, ...columns] };
}

const present = (labels: string[], points: { label: string }[]) => labels.filter((label) => points.some((point) => point.label === label));

export function supplySeries(overview: EconomyOverviewDto): ChartSeries {
  const xs = overview.supply_history.map((point) => seconds(point.day));
  return {
    labels: ['Total supply', 'Cap'],
    data: [xs, overview.supply_history.map((point) => point.total_supply), xs.map(() => overview.supply.max_supply)],
  };
}

// The four sources of new DRK: starting grants (and the demo's), packages, the Wanakt, earnings.
const SOURCE: Partial<Record<LedgerReason, string>> = {
  registration: 'Starting grants',
  demo_grant: 'Starting grants',
  drk_package: 'Packages bought',
  admin_mint: "The Wanakt's mints",
  earnings: 'Monthly earnings',
};

export function mintedSeries(overview: EconomyOverviewDto): ChartSeries {
  const points = overview.minted_by_month.map((row) => ({
    x: monthSeconds(row.month),
    label: SOURCE[row.reason] ?? REASON_LABEL[row.reason],
    y: row.amount,
  }));
  return align(points, present([...new Set(Object.values(SOURCE))], points), 0);
}

export function flowLabel(row: Pick<FlowMonthDto, 'from_kind' | 'to_kind' | 'reason'>): string {
  return `${KIND_LABEL[row.from_kind]} → ${KIND_LABEL[row.to_kind]}: ${REASON_LABEL[row.reason]}`;
}

/** Movements between accounts per month (mints are the chart above), one series per route and reason. */
export function flowSeries(overview: EconomyOverviewDto): ChartSeries {
  const points = overview.flows_by_month
    .filter((row) => row.from_kind !== 'minted')
    .map((row) => ({ x: monthSeconds(row.month), label: flowLabel(row), y: row.amount }));
  return align(points, [...new Set(points.map((point) => point.label))].sort(), 0);
}

/** All-time totals per route and reason, largest first, mints included. */
export function flowTotals(overview: EconomyOverviewDto): { label: string; amount: number; movements: number }[] {
  const totals = new Map<string, { label: string; amount: number; movements: number }>();
  for (const row of overview.flows_by_month) {
    const label = flowLabel(row);
    const total = totals.get(label) ?? { label, amount: 0, movements: 0 };
    total.amount += row.amount;
    total.movements += row.movements;
    totals.set(label, total);
  }
  return [...totals.values()].sort((a, b) => b.amount - a.amount);
}

export function medianPriceSeries(overview: EconomyOverviewDto): ChartSeries {
  const points = overview.market_by_day.map((row) => ({ x: seconds(row.day), label: row.territory_type, y: row.median_price }));
  return align(points, [...new Set(points.map((point) => point.label))].sort(), null);
}

export function tradeSeries(overview: EconomyOverviewDto): ChartSeries {
  const points = overview.market_by_day.flatMap((row) => [
    { x: seconds(row.day), label: 'Trades', y: row.trades },
    { x: seconds(row.day), label: 'Volume (DRK)', y: row.volume },
  ]);
  return align(points, ['Trades', 'Volume (DRK)'], 0);
}

export function priceIndexSeries(overview: EconomyOverviewDto): ChartSeries {
  return {
    labels: ['Price index'],
    data: [overview.price_index.map((point) => seconds(point.day)), overview.price_index.map((point) => point.index)],
  };
}

/** docs/rules.md §4 "Trades that count": each region's own price index, a line per region with sales. */
export function regionIndexSeries(overview: EconomyOverviewDto): ChartSeries {
  const points = overview.market_by_region.flatMap((market) =>
    market.price_index.map((point) => ({ x: seconds(point.day), label: REGION_LABELS[market.region], y: point.index })),
  );
  return align(points, present(Object.values(REGION_LABELS), points), null);
}
