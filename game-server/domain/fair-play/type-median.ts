import { MEDIAN_MIN_TRADES, TRADE_FILTER_DAYS } from '../../../schema/rules/trade-filter.ts';
import type { Queryable } from '../../infra/db/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A territory type's median price at `now` (docs/rules.md §4 "Trades that count"): of its counted
 * sales over the filter's window, from the market's daily rollup (one row a day); null when fewer
 * than MEDIAN_MIN_TRADES sold, a market too thin to have one.
 */
export async function typeMedian(sql: Queryable, type: string, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - TRADE_FILTER_DAYS * DAY_MS).toISOString().slice(0, 10);
  const [prices] = await sql<{ trades: number; median: number | null }[]>`
    select count(*)::int as trades, percentile_cont(0.5) within group (order by p)::float8 as median
      from market_daily d cross join unnest(d.prices) p
     where d.territory_type = ${type} and d.day > ${since}::date`;
  return prices.trades >= MEDIAN_MIN_TRADES ? prices.median : null;
}
