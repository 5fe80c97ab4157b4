import { z } from 'zod';
import { AuctionDto, AuctionListDto, MARKET_MARKS_MAX, MarketMarksDto, TerritoryAuctionDto } from '../api/auctions.ts';
import { IdParam, TerritoryId } from '../api/ids.ts';
import { AUCTIONS_ENDING_SOON } from '../rules/auctions.ts';
import { declareRead } from './registry.ts';

// docs/rules.md §4 "Auctions": a territory's auction, one auction, and the running ones that end soonest.

export const TerritoryAuctionRead = declareRead({
  path: '/territories/:id/auction',
  tag: 'Trade',
  summary: "A territory's auction: the running one, else its latest, else null",
  description: 'The reserve is shown to the seller only; has_reserve and reserve_met to everyone.',
  access: 'public',
  scope: 'read',
  params: z.object({ id: TerritoryId.meta({ description: 'Territory id' }) }),
  answer: TerritoryAuctionDto,
  answered: 'The auction',
  cache: { staleOn: ['auctions'] },
});

export const AuctionsEndingSoonRead = declareRead({
  path: '/auctions/ending-soon',
  tag: 'Trade',
  summary: `The ${AUCTIONS_ENDING_SOON} running auctions that end soonest`,
  access: 'public',
  scope: 'read',
  answer: AuctionListDto,
  answered: 'Running auctions, the nearest end first',
  cache: { staleOn: ['auctions'] },
});

export const AuctionRead = declareRead({
  path: '/auctions/:id',
  tag: 'Trade',
  summary: 'One auction: its leader, its end (moved by late bids) and the least next bid',
  access: 'public',
  scope: 'read',
  params: z.object({ id: IdParam('Auction id') }),
  answer: AuctionDto,
  answered: 'The auction',
  errors: [404],
  cache: { staleOn: ['auctions'] },
});

export const MarketMarksRead = declareRead({
  path: '/market/marks',
  tag: 'Trade',
  summary: `What the map marks: the running auctions with their ends, and the territories with open offers (${MARKET_MARKS_MAX} of each at most, the soonest to end first)`,
  access: 'public',
  scope: 'read',
  answer: MarketMarksDto,
  answered: 'The marks',
  cache: { staleOn: ['auctions', 'offers'] },
});

export const AUCTION_READS = [TerritoryAuctionRead, AuctionsEndingSoonRead, AuctionRead, MarketMarksRead] as const;
