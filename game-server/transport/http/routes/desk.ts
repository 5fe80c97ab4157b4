import { Router } from 'express';
import { AuditQuery } from '../../../../schema/api/desk.ts';
import { listAudit } from '../../../domain/audit/audit-log.ts';
import { listMutes, recentChat } from '../../../domain/social/moderation.ts';
import type { HttpDeps } from '../deps.ts';
import { requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';

/** The Wanakt's desk: the audit log and what moderation reads (its writes are commands: schema/commands/social.ts). */
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

  router.get('/admin/mutes', async (_req, res) => {
    requireWanakt(res);
    res.json(await listMutes(deps.sql, deps.clock()));
  });

  return router;
}
