import { MarketplaceQuery } from '../../../../schema/api/marketplace.ts';
import { pageAnswer, pageRequest } from '../../../../schema/api/pages.ts';
import {
  HistoryRead,
  MarketplaceRead,
  TerritoriesOfRead,
  TerritoryOffersRead,
  TerritoryRead,
  VisitsRead,
} from '../../../../schema/reads/territories.ts';
import { visitsOf } from '../../../domain/ads/visits.ts';
import { pageTerritoryHistory, territoryHistory } from '../../../domain/economy/market.ts';
import { territoryOffers } from '../../../domain/economy/offers.ts';
import { listTerritoriesOf, readTerritory, searchMarketplace } from '../../../domain/world/territories.ts';
import type { HttpDeps } from '../deps.ts';
import { parseBody } from '../validate.ts';
import { serve, type ReadBinding } from './serve.ts';

/** docs/rules.md §7's territory reads, the market's search, and a territory's history and offers. */
export const territoryReads = ({ sql, clock }: HttpDeps): ReadBinding[] => [
  // The fields are read by the declaration; the search also checks them together (a price range the right way round).
  serve(MarketplaceRead, ({ req }) => searchMarketplace(sql, parseBody(MarketplaceQuery, req.query))),
  serve(TerritoriesOfRead, ({ input }) => listTerritoriesOf(sql, input.userId)),
  serve(TerritoryRead, ({ input }) => readTerritory(sql, input.id)),
  serve(VisitsRead, ({ input }) => visitsOf(sql, input.id)),
  serve(HistoryRead, async ({ input }) => {
    const page = pageRequest(input);
    if (!page) return { history: await territoryHistory(sql, input.id) };
    const { items, next_cursor } = pageAnswer(await pageTerritoryHistory(sql, input.id, page));
    return { history: items, next_cursor };
  }),
  serve(TerritoryOffersRead, ({ input, user }) => territoryOffers(sql, input.id, user?.id ?? null, clock())),
];
