import { Router } from 'express';
import { AuditQuery, MuteBody, RemoveBody, UnmuteBody } from '../../../schema/api/desk.ts';
import { IdParam } from '../../../schema/api/ids.ts';
import { listAudit } from '../../audit/audit-log.ts';
import { listMutes, mutePlayer, recentChat, removeBroadcast, unmutePlayer } from '../../social/moderation.ts';
import type { HttpDeps } from '../deps.ts';
import { requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';

const BroadcastId = IdParam('Broadcast id');

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

  router.post('/admin/broadcasts/:id/remove', async (req, res) => {
    const wanakt = requireWanakt(res);
    const { reason } = parseBody(RemoveBody, req.body);
    res.json(await removeBroadcast(deps, wanakt, parseBody(BroadcastId, req.params.id), reason));
  });

  router.get('/admin/mutes', async (_req, res) => {
    requireWanakt(res);
    res.json(await listMutes(deps.sql, deps.clock()));
  });

  router.post('/admin/mutes', async (req, res) => {
    const wanakt = requireWanakt(res);
    res.status(201).json(await mutePlayer(deps, wanakt, parseBody(MuteBody, req.body)));
  });

  router.post('/admin/mutes/lift', async (req, res) => {
    const wanakt = requireWanakt(res);
    const { userId, reason } = parseBody(UnmuteBody, req.body);
    res.json(await unmutePlayer(deps, wanakt, userId, reason));
  });

  return router;
}
