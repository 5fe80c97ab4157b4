import { Router } from 'express';
import { AuditQuery } from '../../../schema/api/desk.ts';
import { listAudit } from '../../audit/audit-log.ts';
import { listMutes, recentChat } from '../../social/moderation.ts';
import { commandRoute } from '../command.ts';
import type { HttpDeps } from '../deps.ts';
import { requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';

/** The Wanakt's desk: the audit log and the moderation of chat and broadcasts. */
export function deskRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/admin/audit', async (req, res) => {
    requireWanakt(res);
    res.json(await listAudit(deps.sql, parseBody(AuditQuery, req.query)));
  });

  router.get('/admin/chat/recent', async (_req, res) => {
    requireWanakt(res);
    res.json(await recentChat(deps.sql));
  });

  router.post('/admin/chat/:id/remove', commandRoute(deps, 'chat.remove', (req) => ({ messageId: req.params.id, body: req.body })));

  router.post('/admin/broadcasts/:id/remove', commandRoute(deps, 'broadcast.remove', (req) => ({ broadcastId: req.params.id, body: req.body })));

  router.get('/admin/mutes', async (_req, res) => {
    requireWanakt(res);
    res.json(await listMutes(deps.sql, deps.clock()));
  });

  router.post('/admin/mutes', commandRoute(deps, 'player.mute'));

  router.post('/admin/mutes/lift', commandRoute(deps, 'player.unmute'));

  return router;
}
