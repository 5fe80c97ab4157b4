import { Router } from 'express';
import type { PaymentProvider } from '../../../domain/payments/provider.ts';
import { unauthenticated } from '../../../errors.ts';
import { BroadcastsPageQuery } from '../../../../schema/api/broadcasts.ts';
import { pageAnswer, pageRequest } from '../../../../schema/api/pages.ts';
import { broadcastAllowance, pageBroadcasts, recentBroadcasts } from '../../../domain/social/broadcasts.ts';
import { currentUser } from '../session.ts';
import type { HttpDeps } from '../deps.ts';
import { parseBody } from '../validate.ts';

const LOGIN_REQUIRED = 'Please log in to send broadcasts';

export function broadcastRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();

  // Without limit or cursor: the latest few, the plain array the broadcast screen reads.
  router.get('/broadcasts/recent', async (req, res) => {
    const page = pageRequest(parseBody(BroadcastsPageQuery, req.query));
    res.json(page ? pageAnswer(await pageBroadcasts(deps.sql, page)) : await recentBroadcasts(deps.sql));
  });

  router.get('/broadcasts/allowance', async (_req, res) => {
    const sender = currentUser(res);
    if (!sender) throw unauthenticated(LOGIN_REQUIRED);
    res.json(await broadcastAllowance(deps, payments, sender.id));
  });

  return router;
}
