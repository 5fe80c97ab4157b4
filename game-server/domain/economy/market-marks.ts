import { MARKET_MARKS_MAX, type MarketMarksDto } from '../../../schema/api/auctions.ts';
import type { Queryable } from '../../infra/db/database.ts';

// docs/rules.md §4 "Offers" and "Auctions": what the map marks for everyone to see, the running
// auctions with their ends (moved by late bids) and the territories someone has made an offer on.

export async function marketMarks(sql: Queryable, now: Date): Promise<MarketMarksDto> {
  const [auctions, offered] = await Promise.all([
    sql<{ territory_id: number; ends_at: Date }[]>`
      select territory_id, ends_at from auctions where status = 'running' order by ends_at, id limit ${MARKET_MARKS_MAX}`,
    sql<{ territory_id: number }[]>`
      select territory_id from territory_offers
       where status = 'open' and expires_at > ${now}
       group by territory_id order by min(expires_at), territory_id limit ${MARKET_MARKS_MAX}`,
  ]);
  return {
    auctions: auctions.map((row) => ({ territory_id: row.territory_id, ends_at: row.ends_at.toISOString() })),
    offered: offered.map((row) => row.territory_id),
  };
}
