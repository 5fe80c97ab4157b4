import type { MarketStatsDto } from '../../../schema/api/market.ts';
import type { Queryable } from '../../infra/db/database.ts';

const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The dashboard's market figures (docs/rules.md §9 lists them as fixed placeholders; docs/design.md computes
 * them): every territory purchase is a ledger row, so the ledger alone tells trades, prices and growth.
 */
export async function marketStats(sql: Queryable, now: Date): Promise<MarketStatsDto> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const before = new Date(now.getTime() - 2 * WINDOW_MS);
  const [row] = await sql<{ trades: number; volume: string; previous_volume: string }[]>`
    select count(*) filter (where created_at > ${since})::int as trades,
           coalesce(sum(amount) filter (where created_at > ${since}), 0)::text as volume,
           coalesce(sum(amount) filter (where created_at <= ${since}), 0)::text as previous_volume
      from ledger
     where reason = 'territory_purchase' and created_at > ${before} and created_at <= ${now}`;
  const volume = Number(row.volume);
  const previous = Number(row.previous_volume);
  return {
    trades_30d: row.trades,
    average_price_30d: row.trades > 0 ? Math.round(volume / row.trades) : null,
    volume_30d: volume,
    volume_growth_percent: previous > 0 ? Math.round(((volume - previous) / previous) * 1000) / 10 : null,
  };
}
