import { Router } from 'express';
import { RankingBoardParam } from '../../../../schema/api/rankings.ts';
import { readRanking } from '../../../domain/social/rankings.ts';
import type { HttpDeps } from '../deps.ts';
import { perPlayerLimit } from '../per-player-limit.ts';
import { currentUser } from '../session.ts';
import { parseBody } from '../validate.ts';

export function rankingRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.use('/rankings', perPlayerLimit(60, 60));

  router.get('/rankings/:board', async (req, res) => {
    const board = parseBody(RankingBoardParam, req.params.board);
    res.json(await readRanking(deps.sql, board, currentUser(res)?.id ?? null, deps.clock()));
  });

  return router;
}
