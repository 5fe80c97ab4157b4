import { Router } from 'express';
import { CollectibleActionBody } from '../../../schema/api/collectibles.ts';
import { IdParam, UserIdField } from '../../../schema/api/ids.ts';
import { listAvailableCollectibles, listUserCollectibles, purchaseCollectible, setCollectibleApplied } from '../../economy/collectibles.ts';
import { requireSelf, requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';
import type { Request, Response } from 'express';

const CollectibleId = IdParam('Collectible id');

/** The acting owner or buyer: logged in, and the payload's `userId`, when given, is the session's. */
function actor(req: Request, res: Response) {
  requireUser(res);
  const { userId } = parseBody(CollectibleActionBody, req.body);
  return { user: requireSelf(res, userId), id: parseBody(CollectibleId, req.params.id) };
}

export function collectibleRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/collectibles/available', async (_req, res) => {
    res.json(await listAvailableCollectibles(deps.sql));
  });

  router.get('/collectibles/user/:userId', async (req, res) => {
    res.json(await listUserCollectibles(deps.sql, parseBody(UserIdField, req.params.userId)));
  });

  router.post('/collectibles/:id/purchase', async (req, res) => {
    const { user, id } = actor(req, res);
    res.json(await purchaseCollectible(deps, user, id));
  });

  router.post('/collectibles/:id/apply', async (req, res) => {
    const { user, id } = actor(req, res);
    res.json(await setCollectibleApplied(deps, user, id, true));
  });

  router.post('/collectibles/:id/unapply', async (req, res) => {
    const { user, id } = actor(req, res);
    res.json(await setCollectibleApplied(deps, user, id, false));
  });

  return router;
}
