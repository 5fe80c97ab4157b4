import { Router } from 'express';
import { MarkReadBody, NotificationPreferenceBody } from '../../../schema/api/notifications.ts';
import { listNotifications, markNotificationsRead, notificationPreferences, setNotificationPreference } from '../../notifications/notifications.ts';
import type { HttpDeps } from '../deps.ts';
import { perPlayerLimit } from '../per-player-limit.ts';
import { requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';

export function notificationRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.use('/notifications', perPlayerLimit(60, 60));

  router.get('/notifications', async (_req, res) => {
    res.json(await listNotifications(deps.sql, requireUser(res).id));
  });

  router.post('/notifications/read', async (req, res) => {
    const user = requireUser(res);
    const { ids } = parseBody(MarkReadBody, req.body);
    res.json(await markNotificationsRead(deps, user.id, ids));
  });

  router.get('/notifications/preferences', async (_req, res) => {
    res.json(await notificationPreferences(deps.sql, requireUser(res).id));
  });

  router.post('/notifications/preferences', async (req, res) => {
    const user = requireUser(res);
    const { kind, enabled } = parseBody(NotificationPreferenceBody, req.body);
    res.json(await setNotificationPreference(deps, user.id, kind, enabled));
  });

  return router;
}
