import {
  AvailableCollectiblesRead,
  EconomyRead,
  MarketStatsRead,
  OffersMadeRead,
  OffersReceivedRead,
  OverdueRentRead,
  RentWaterfallRead,
  RevenueSummaryRead,
  SupplyAuditRead,
  SupplyRead,
  UpcomingPaymentsRead,
  UserCollectiblesRead,
} from '../../../../schema/reads/economy.ts';
import { listAvailableCollectibles, listUserCollectibles } from '../../../domain/economy/collectibles.ts';
import { revenueSummary } from '../../../domain/economy/earnings.ts';
import { economyOverview } from '../../../domain/economy/economy-overview.ts';
import { marketStats } from '../../../domain/economy/market-stats.ts';
import { playerOffers } from '../../../domain/economy/offers.ts';
import { rentWaterfall } from '../../../domain/economy/rent-cycle.ts';
import { listOverduePayments, listUpcomingPayments } from '../../../domain/economy/rent-payments.ts';
import { readSupply } from '../../../domain/economy/supply.ts';
import { lastSupplyAudit } from '../../../domain/economy/supply-audit.ts';
import { briefCache } from '../brief-cache.ts';
import type { HttpDeps } from '../deps.ts';
import { serve, type ReadBinding } from './serve.ts';

// The figures move with every mint and trade, but a page that is a few seconds behind is as good
// to a reader, and a crowd of readers then costs one set of queries per period.
const OVERVIEW_CACHE_MS = 5_000;

export function economyReads({ sql, clock }: HttpDeps): ReadBinding[] {
  const overview = briefCache(OVERVIEW_CACHE_MS, clock, () => economyOverview(sql, clock()));
  return [
    serve(SupplyRead, () => readSupply(sql)),
    serve(MarketStatsRead, () => marketStats(sql, clock())),
    serve(UpcomingPaymentsRead, ({ player, input }) => listUpcomingPayments(sql, player, input.userId, clock())),
    serve(OverdueRentRead, ({ player }) => listOverduePayments(sql, player, clock())),
    serve(RevenueSummaryRead, ({ player, input }) => revenueSummary(sql, player, input.userId, clock())),
    serve(RentWaterfallRead, ({ player, input }) => rentWaterfall(sql, player, input.userId, clock())),
    serve(AvailableCollectiblesRead, () => listAvailableCollectibles(sql)),
    serve(UserCollectiblesRead, ({ input }) => listUserCollectibles(sql, input.userId)),
    serve(EconomyRead, () => overview()),
    serve(SupplyAuditRead, async () => ({ last_audit: await lastSupplyAudit(sql) })),
    serve(OffersMadeRead, ({ player }) => playerOffers(sql, player.id, 'made', clock())),
    serve(OffersReceivedRead, ({ player }) => playerOffers(sql, player.id, 'received', clock())),
  ];
}
