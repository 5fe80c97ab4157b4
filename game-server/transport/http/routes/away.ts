import { Router } from 'express';
import { awayPanel } from '../../../domain/away/presence.ts';
import { currentSeason } from '../../../domain/seasons/season-read.ts';
import { inSnapshot } from '../../../infra/db/database.ts';
import type { HttpDeps } from '../deps.ts';
import { currentUser, requireUser } from '../session.ts';

/** The away panel and the season page's reads; their budgets are PATH_LIMITS' '/away' and '/seasons'. */
export function awayRoutes({ sql, clock }: HttpDeps): Router {
  const router = Router();
  router.get('/away', async (_req, res) => {
    const user = requireUser(res);
    res.json(await inSnapshot(sql, (tx) => awayPanel(tx, user.id)));
  });

  router.get('/seasons/current', async (_req, res) => {
    const viewer = currentUser(res);
    res.json(await inSnapshot(sql, (tx) => currentSeason(tx, viewer?.id ?? null, clock())));
  });

  return router;
}
