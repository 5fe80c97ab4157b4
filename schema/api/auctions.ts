import { z } from 'zod';
import { AUCTION_DEFAULT_HOURS, AUCTION_MAX_HOURS, AUCTION_MIN_HOURS, AUCTION_STATUSES } from '../rules/auctions.ts';
import { wholeDrk } from './territories.ts';

// The calls of docs/rules.md §4 "Auctions": their bodies and their answers.

const HOURS_MESSAGE = `Please choose from ${AUCTION_MIN_HOURS} hour to ${AUCTION_MAX_HOURS / 24} days (${AUCTION_MIN_HOURS} to ${AUCTION_MAX_HOURS} hours)`;

export const StartAuctionBody = z.strictObject({
  start_price: wholeDrk('Please start at a whole number of DRK, at least 1', 1),
  reserve: z
    .union([wholeDrk('Please set a whole reserve of at least 1 DRK', 1), z.null()], {
      error: 'Please set a whole reserve of at least 1 DRK, or null for none',
    })
    .default(null)
    .meta({ description: 'The least it sells for; below it every bid is returned at the end. None when left out' }),
  duration_hours: z
    .number({ error: HOURS_MESSAGE })
    .int({ error: HOURS_MESSAGE })
    .min(AUCTION_MIN_HOURS, { error: HOURS_MESSAGE })
    .max(AUCTION_MAX_HOURS, { error: HOURS_MESSAGE })
    .default(AUCTION_DEFAULT_HOURS)
    .meta({ description: `How long it runs before a late bid moves its end; ${AUCTION_DEFAULT_HOURS} hours when left out` }),
});
export type StartAuctionBody = z.infer<typeof StartAuctionBody>;

export const BidBody = z.strictObject({
  amount: wholeDrk('Please bid a whole number of DRK, at least 1', 1),
});

export const AuctionDto = z
  .object({
    id: z.number().int(),
    territory_id: z.number().int(),
    territory_name: z.string(),
    seller_id: z.string(),
    seller_name: z.string(),
    start_price: z.number().int(),
    /** The reserve, shown to the seller only (null for anyone else, or none set). */
    reserve: z.number().int().nullable(),
    has_reserve: z.boolean(),
    /** Whether the leading bid meets the reserve (true without one). */
    reserve_met: z.boolean(),
    status: z.enum(AUCTION_STATUSES),
    created_at: z.string(),
    /** The end, moved by a bid in its last 5 minutes. */
    ends_at: z.string(),
    ended_at: z.string().nullable(),
    bids: z.number().int(),
    leader: z.object({ id: z.string(), name: z.string(), amount: z.number().int() }).nullable(),
    /** The least the next bid may be. */
    min_next_bid: z.number().int(),
  })
  .meta({ id: 'Auction' });
export type AuctionDto = z.infer<typeof AuctionDto>;

/** GET /api/territories/{id}/auction: its running auction, else its latest one, else none. */
export const TerritoryAuctionDto = z.object({ auction: AuctionDto.nullable() });
export type TerritoryAuctionDto = z.infer<typeof TerritoryAuctionDto>;

/** GET /api/auctions/ending-soon: running auctions, the nearest end first. */
export const AuctionListDto = z.object({ auctions: z.array(AuctionDto) });
export type AuctionListDto = z.infer<typeof AuctionListDto>;

export const AuctionAnswerDto = z.object({ message: z.string(), auction: AuctionDto });

/** The most running auctions, and territories with open offers, GET /api/market/marks answers (each the soonest first). */
export const MARKET_MARKS_MAX = 500;
/** GET /api/market/marks: what the map marks, a running auction (with its end) or open offers. */
export const MarketMarksDto = z
  .object({
    auctions: z.array(z.object({ territory_id: z.number().int(), ends_at: z.string() })),
    /** Territories with at least one open offer, the soonest to expire first. */
    offered: z.array(z.number().int()),
  })
  .meta({ id: 'MarketMarks' });
export type MarketMarksDto = z.infer<typeof MarketMarksDto>;
