import { REGIONAL_WINDOW_DAYS, type EconomyOverviewDto } from '../../../schema/api/economy.ts';
import { REGIONS, type Region } from '../../../schema/rules/region.ts';
import type { TerritoryType } from '../../../schema/constants.ts';
import { priceIndex } from '../../../schema/rules/economy-figures.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { regionCase } from '../world/territories.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
type RegionalMarketDto = EconomyOverviewDto['market_by_region'][number];

/**
 * docs/rules.md §4 "Trades that count": the market by region, of the sales that count. The daily
 * rollup has no region, so this reads the sales themselves (an index keeps it to the window's); a
 * territory's region is schema/rules/region.ts's, in SQL.
 */
export async function regionalMarket(sql: Queryable, now: Date, dailySince: string): Promise<RegionalMarketDto[]> {
  const recentSince = new Date(now.getTime() - REGIONAL_WINDOW_DAYS * DAY_MS);
  const sales = (since: Date | string) => sql`
    select c.created_at, c.price, t.type, ${regionCase(sql)} as region
      from ownership_changes c join territories t on t.id = c.territory_id
     where c.reason = 'purchase' and c.not_counted is null and c.created_at > ${since}`;
  const [days, recent] = await Promise.all([
    sql<{ day: string; region: Region | null; territory_type: string; trades: number; median_price: number }[]>`
      select (s.created_at at time zone 'UTC')::date::text as day, s.region, s.type as territory_type, count(*)::int as trades,
             percentile_cont(0.5) within group (order by s.price)::float8 as median_price
        from (${sales(`${dailySince}T23:59:59.999Z`)}) s group by 1, 2, 3 order by 1, 3`,
    sql<{ region: Region | null; territory_type: TerritoryType; trades: number; volume: string; median_price: number }[]>`
      select s.region, s.type as territory_type, count(*)::int as trades, sum(s.price)::text as volume,
             percentile_cont(0.5) within group (order by s.price)::float8 as median_price
        from (${sales(recentSince)}) s group by 1, 2 order by 2`,
  ]);
  return REGIONS.flatMap((region) => {
    const byType = recent
      .filter((row) => row.region === region)
      .map(({ territory_type, trades, volume, median_price }) => ({ territory_type, trades, volume: Number(volume), median_price }));
    const index = priceIndex(days.filter((row) => row.region === region));
    return byType.length === 0 && index.length === 0 ? [] : [{ region, by_type: byType, price_index: index }];
  });
}
