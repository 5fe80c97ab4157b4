import { AuctionRead, AuctionsEndingSoonRead, MarketMarksRead, TerritoryAuctionRead } from '../../../../schema/reads/auctions.ts';
import { auctionsEndingSoon, readAuction, territoryAuction } from '../../../domain/economy/auctions.ts';
import { marketMarks } from '../../../domain/economy/market-marks.ts';
import type { HttpDeps } from '../deps.ts';
import { serve, type ReadBinding } from './serve.ts';

/** docs/rules.md §4 "Auctions". */
export const auctionReads = ({ sql, clock }: HttpDeps): ReadBinding[] => [
  serve(TerritoryAuctionRead, ({ input, user }) => territoryAuction(sql, input.id, user?.id ?? null)),
  serve(AuctionsEndingSoonRead, ({ user }) => auctionsEndingSoon(sql, user?.id ?? null)),
  serve(AuctionRead, ({ input, user }) => readAuction(sql, input.id, user?.id ?? null)),
  serve(MarketMarksRead, () => marketMarks(sql, clock())),
];
