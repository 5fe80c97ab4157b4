import { Router, type Request } from 'express';
import { TerritoryId } from '../../../schema/api/ids.ts';
import { listActiveEvents, listSpecialEvents, listTerritoryEvents } from '../../world/events.ts';
import { commandRoute } from '../command.ts';
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

  // The Wanakt's event management (docs/rules.md §2, dashboard right sidebar).
  const onEvent = (req: Request) => ({ eventId: req.params.id, body: req.body });
  router.post('/events/territory', commandRoute(deps, 'territory-event.create'));
  router.patch('/events/territory/:id', commandRoute(deps, 'territory-event.update', onEvent));
  router.delete('/events/territory/:id', commandRoute(deps, 'territory-event.delete', (req) => ({ eventId: req.params.id })));
  router.post('/events/special', commandRoute(deps, 'special-event.create'));
  router.patch('/events/special/:id', commandRoute(deps, 'special-event.update', onEvent));

  return router;
}
