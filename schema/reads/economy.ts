import { z } from 'zod';
import { CollectibleDto } from '../api/collectibles.ts';
import { SupplyDto } from '../api/currency.ts';
import { AuditAnswer, EconomyOverview } from '../api/economy.ts';
import { UserIdField } from '../api/ids.ts';
import { MarketStatsDto } from '../api/market.ts';
import { ENDED_OFFERS_SHOWN, OfferListDto } from '../api/offers.ts';
import { PaymentDueDto } from '../api/rent.ts';
import { RentWaterfallDto, RevenueSummaryDto } from '../api/revenue.ts';
import { declareRead } from './registry.ts';

// DRK's supply, the open books, rent, revenue, collectibles and a player's offers.

const ofUser = z.object({ userId: UserIdField });

export const SupplyRead = declareRead({
  path: '/currency/supply',
  tag: 'Economy',
  summary: 'The DRK supply',
  access: 'public',
  scope: 'read',
  answer: SupplyDto,
  answered: 'Supply',
  cache: { staleOn: ['figures'] },
});

export const MarketStatsRead = declareRead({
  path: '/market/stats',
  tag: 'Economy',
  summary: 'Trades, average price and volume over 30 days',
  access: 'public',
  scope: 'read',
  answer: MarketStatsDto,
  answered: 'Figures',
  cache: { staleOn: ['market'] },
});

export const UpcomingPaymentsRead = declareRead({
  path: '/payments/upcoming/:userId',
  tag: 'Rent',
  summary: 'Rent a player owes (yourself, or anyone for the Wanakt)',
  access: 'player',
  scope: 'read',
  params: ofUser,
  answer: z.array(PaymentDueDto),
  answered: 'Payments due',
  cache: { staleOn: ['figures'] },
});

export const OverdueRentRead = declareRead({
  path: '/rent/overdue',
  tag: 'Rent',
  summary: 'Your overdue rent',
  access: 'player',
  scope: 'read',
  answer: z.array(PaymentDueDto),
  answered: 'Overdue payments',
  cache: { staleOn: ['figures'] },
});

export const RevenueSummaryRead = declareRead({
  path: '/revenue/summary/:userId',
  tag: 'Revenue',
  summary: "A player's projected and paid revenue",
  access: 'player',
  scope: 'read',
  params: ofUser,
  answer: RevenueSummaryDto,
  answered: 'Summary',
  cache: { staleOn: ['figures'] },
});

export const RentWaterfallRead = declareRead({
  path: '/payments/waterfall/:userId',
  tag: 'Revenue',
  summary: "A player's rent flows this period",
  access: 'player',
  scope: 'read',
  params: ofUser,
  answer: RentWaterfallDto,
  answered: 'Flows',
  cache: { staleOn: ['figures'] },
});

export const AvailableCollectiblesRead = declareRead({
  path: '/collectibles/available',
  tag: 'Collectibles',
  summary: 'Collectibles for sale',
  access: 'public',
  scope: 'read',
  answer: z.array(CollectibleDto),
  answered: 'Collectibles',
});

export const UserCollectiblesRead = declareRead({
  path: '/collectibles/user/:userId',
  tag: 'Collectibles',
  summary: "A player's collectibles",
  access: 'public',
  scope: 'read',
  params: ofUser,
  answer: z.array(CollectibleDto),
  answered: 'Collectibles',
});

export const EconomyRead = declareRead({
  path: '/economy',
  tag: 'Economy',
  summary: 'The public economy: supply, mints, flows, market, concentration, projection',
  access: 'public',
  scope: 'read',
  answer: EconomyOverview,
  answered: 'Figures, a few seconds behind at most',
  limit: 'economy',
});

export const SupplyAuditRead = declareRead({
  path: '/economy/audit',
  tag: 'Economy',
  summary: 'The latest supply audit',
  access: 'public',
  scope: 'read',
  answer: AuditAnswer,
  answered: 'The audit, or null before the first',
  limit: 'economy',
});

// docs/rules.md §4 "Offers": a player's own offers, made and received.
export const OffersMadeRead = declareRead({
  path: '/offers/made',
  tag: 'Trade',
  summary: `The offers you made: the open ones, then the latest ${ENDED_OFFERS_SHOWN} ended`,
  access: 'player',
  scope: 'read',
  answer: OfferListDto,
  answered: 'Your offers',
  cache: { staleOn: ['offers'] },
});

export const OffersReceivedRead = declareRead({
  path: '/offers/received',
  tag: 'Trade',
  summary: `The offers on your land: the open ones, then the latest ${ENDED_OFFERS_SHOWN} ended`,
  access: 'player',
  scope: 'read',
  answer: OfferListDto,
  answered: 'Offers on your land',
  cache: { staleOn: ['offers'] },
});

export const ECONOMY_READS = [
  SupplyRead,
  MarketStatsRead,
  UpcomingPaymentsRead,
  OverdueRentRead,
  RevenueSummaryRead,
  RentWaterfallRead,
  AvailableCollectiblesRead,
  UserCollectiblesRead,
  EconomyRead,
  SupplyAuditRead,
  OffersMadeRead,
  OffersReceivedRead,
] as const;
