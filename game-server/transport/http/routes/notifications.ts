import { Router } from 'express';
import { listNotifications, notificationPreferences } from '../../../domain/notifications/notifications.ts';
import type { HttpDeps } from '../deps.ts';
import { requireUser } from '../session.ts';

export function notificationRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.get('/notifications', async (_req, res) => {
    res.json(await listNotifications(deps.sql, requireUser(res).id));
  });

  router.get('/notifications/preferences', async (_req, res) => {
    res.json(await notificationPreferences(deps.sql, requireUser(res).id));
  });

  return router;
}
