import { Router } from 'express';
import { IdParam, TerritoryId } from '../../../schema/api/ids.ts';
import { SpecialEventCreateBody, SpecialEventPatchBody, TerritoryEventCreateBody, TerritoryEventPatchBody } from '../../../schema/api/events.ts';
import {
  createSpecialEvent,
  createTerritoryEvent,
  deleteTerritoryEvent,
  listActiveEvents,
  listSpecialEvents,
  listTerritoryEvents,
  updateSpecialEvent,
  updateTerritoryEvent,
} from '../../world/events.ts';
import { requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

const EventId = IdParam('Event id');

export function eventRoutes({ sql, clock }: HttpDeps): Router {
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

  // The Wanakt's event management (SPEC §2, dashboard right sidebar).
  router.post('/events/territory', async (req, res) => {
    requireWanakt(res);
    res.status(201).json(await createTerritoryEvent(sql, parseBody(TerritoryEventCreateBody, req.body)));
  });

  router.patch('/events/territory/:id', async (req, res) => {
    requireWanakt(res);
    const id = parseBody(EventId, req.params.id);
    res.json(await updateTerritoryEvent(sql, id, parseBody(TerritoryEventPatchBody, req.body)));
  });

  router.delete('/events/territory/:id', async (req, res) => {
    requireWanakt(res);
    await deleteTerritoryEvent(sql, parseBody(EventId, req.params.id));
    res.status(204).end();
  });

  router.post('/events/special', async (req, res) => {
    requireWanakt(res);
    res.status(201).json(await createSpecialEvent(sql, parseBody(SpecialEventCreateBody, req.body), clock()));
  });

  router.patch('/events/special/:id', async (req, res) => {
    requireWanakt(res);
    const id = parseBody(EventId, req.params.id);
    res.json(await updateSpecialEvent(sql, id, parseBody(SpecialEventPatchBody, req.body), clock()));
  });

  return router;
}
