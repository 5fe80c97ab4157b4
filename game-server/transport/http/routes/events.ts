import { Router } from 'express';
import { TerritoryId } from '../../../../schema/api/ids.ts';
import { listActiveEvents, listSpecialEvents, listTerritoryEvents } from '../../../domain/world/events.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

export function eventRoutes(deps: HttpDeps): Router {
  const { sql, clock } = deps;
  const router = Router();

  router.get('/events/active', async (_req, res) => {
    res.json(await listActiveEvents(sql, clock()));
  });

  router.get('/events/territory/:id', async (req, res) => {
    res.json(await listTerritoryEvents(sql, parseBody(TerritoryId, req.params.id), clock()));
  });

  router.get('/events/special', async (_req, res) => {
    res.json(await listSpecialEvents(sql, clock()));
  });

  return router;
}
