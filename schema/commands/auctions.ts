import { z } from 'zod';
import { AuctionAnswerDto, BidBody, StartAuctionBody } from '../api/auctions.ts';
import { EmptyBody } from '../api/offers.ts';
import { owner, player } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId } from './registry.ts';

// docs/rules.md §4 "Auctions": the seller starts and cancels, anyone else bids. Who may (the owner
// of the territory, the seller of the auction, no account linked to the seller) is checked once the
// territory and the auction are locked.

const LOGIN = 'Please log in to auction land or bid';
const auctionParams = { id: pathId('auctionId', 'Auction id') };

export const StartAuction = declareCommand(
  z.object({ type: z.literal('auction.start'), territoryId: TargetId('Territory id'), body: payload(StartAuctionBody) }),
  owner,
  {
    method: 'post',
    path: '/territories/:id/auctions',
    params: { id: pathId('territoryId', 'Territory id') },
    scope: 'trade',
    tag: 'Trade',
    summary: 'Auction your territory: a start price, an optional reserve, 1 hour to 7 days',
    description:
      'A listing on it ends. While it runs the territory cannot be listed, gifted or sold by an offer. Limits: docs/rules.md §4 "Auctions".',
    ok: { status: 201, schema: AuctionAnswerDto, description: 'The auction runs' },
    errors: [404, 409],
  },
);

export const BidOnAuction = declareCommand(
  z.object({ type: z.literal('auction.bid'), auctionId: TargetId('Auction id'), body: payload(BidBody) }),
  player(LOGIN),
  {
    method: 'post',
    path: '/auctions/:id/bids',
    params: auctionParams,
    scope: 'trade',
    tag: 'Trade',
    summary: 'Bid on an auction; the DRK is held until you are outbid or the auction ends',
    description:
      'At least the start price, then the leading bid raised by 5 % (at least 1 DRK). The previous leader gets its DRK back at once. A bid in the last 5 minutes moves the end to 5 minutes after it. The seller, and accounts the fair-play rules link to the seller, cannot bid.',
    ok: { status: 201, schema: AuctionAnswerDto, description: 'You lead; the DRK is held' },
    errors: [404, 409],
    limit: 'bid',
  },
);

export const CancelAuction = declareCommand(
  z.object({ type: z.literal('auction.cancel'), auctionId: TargetId('Auction id'), body: payload(EmptyBody) }),
  player(LOGIN),
  {
    method: 'post',
    path: '/auctions/:id/cancel',
    params: auctionParams,
    scope: 'trade',
    tag: 'Trade',
    summary: 'Cancel your auction, only before its first bid',
    ok: { status: 200, schema: AuctionAnswerDto, description: 'Cancelled' },
    errors: [404, 409],
  },
);

export const auctionCommands = [StartAuction, BidOnAuction, CancelAuction] as const;
