import { Router, type Request } from 'express';
import { TerritoryId, UserId } from '../../../../schema/api/ids.ts';
import { MarketplaceQuery } from '../../../../schema/api/marketplace.ts';
import { pageAnswer, pageRequest } from '../../../../schema/api/pages.ts';
import { HistoryPageQuery } from '../../../../schema/api/territories.ts';
import { pageTerritoryHistory, territoryHistory } from '../../../domain/economy/market.ts';
import { listTerritoriesOf, readTerritory, searchMarketplace } from '../../../domain/world/territories.ts';
import { visitsOf } from '../../../domain/ads/visits.ts';
import type { HttpDeps } from '../deps.ts';
import { byAddress, limitRequests } from '../rate-limit.ts';
import { parseBody } from '../validate.ts';

/** docs/rules.md §7's territory calls, plus the market's listing and history. */
export function territoryRoutes(deps: HttpDeps): Router {
  const { sql } = deps;
  const router = Router();
  const territoryId = (params: Request['params']) => parseBody(TerritoryId, params.id);

  router.get(
    '/marketplace',
    limitRequests(deps.limits.doors.marketplace, byAddress, 'Too many marketplace searches from your address.'),
    async (req, res) => {
      res.json(await searchMarketplace(sql, parseBody(MarketplaceQuery, req.query)));
    },
  );

  router.get('/territories/user/:userId', async (req, res) => {
    res.json(await listTerritoriesOf(sql, parseBody(UserId, req.params.userId)));
  });

  router.get('/territories/:id', async (req, res) => {
    res.json(await readTerritory(sql, territoryId(req.params)));
  });

  router.get('/territories/:id/visits', async (req, res) => {
    res.json(await visitsOf(sql, territoryId(req.params)));
  });

  router.get('/territories/:id/history', async (req, res) => {
    const id = territoryId(req.params);
    const page = pageRequest(parseBody(HistoryPageQuery, req.query));
    if (!page) {
      res.json({ history: await territoryHistory(sql, id) });
      return;
    }
    const { items, next_cursor } = pageAnswer(await pageTerritoryHistory(sql, id, page));
    res.json({ history: items, next_cursor });
  });

  return router;
}
