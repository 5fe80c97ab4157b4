import { Router } from 'express';
import { listNotifications, notificationPreferences } from '../../notifications/notifications.ts';
import { commandRoute } from '../command.ts';
import type { HttpDeps } from '../deps.ts';
import { perPlayerLimit } from '../per-player-limit.ts';
import { requireUser } from '../session.ts';

export function notificationRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.use('/notifications', perPlayerLimit(60, 60));

  router.get('/notifications', async (_req, res) => {
    res.json(await listNotifications(deps.sql, requireUser(res).id));
  });

  router.post('/notifications/read', commandRoute(deps, 'notifications.read'));

  router.get('/notifications/preferences', async (_req, res) => {
    res.json(await notificationPreferences(deps.sql, requireUser(res).id));
  });

  router.post('/notifications/preferences', commandRoute(deps, 'notifications.set-preference'));

  return router;
}
