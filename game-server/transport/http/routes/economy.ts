import { Router } from 'express';
import { economyOverview } from '../../../domain/economy/economy-overview.ts';
import { lastSupplyAudit } from '../../../domain/economy/supply-audit.ts';
import { briefCache } from '../brief-cache.ts';
import { byAddress, limitRequests } from '../rate-limit.ts';
import type { HttpDeps } from '../deps.ts';

// The figures move with every mint and trade, but a page that is a few seconds behind is as good
// to a reader, and a crowd of readers then costs one set of queries per period.
const OVERVIEW_CACHE_MS = 5_000;

/** The public economy: no session needed, so every call is limited per address. */
export function economyRoutes({ sql, clock, limits }: HttpDeps): Router {
  const router = Router();
  const overview = briefCache(OVERVIEW_CACHE_MS, clock, () => economyOverview(sql, clock()));

  router.get('/economy', limitRequests(limits.doors.economy, byAddress, 'Too many economy requests.'), async (_req, res) => {
    res.json(await overview());
  });

  router.get('/economy/audit', limitRequests(limits.doors.economy, byAddress, 'Too many economy requests.'), async (_req, res) => {
    res.json({ last_audit: await lastSupplyAudit(sql) });
  });

  return router;
}
