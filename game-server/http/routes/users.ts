import { Router } from 'express';
import { UserId } from '../../../schema/api/ids.ts';
import { listPublicUsers, readPublicUser } from '../../auth/users.ts';
import type { HttpDeps } from '../deps.ts';
import { currentUser } from '../session.ts';
import { parseBody } from '../validate.ts';

export function userRoutes({ sql }: HttpDeps): Router {
  const router = Router();

  router.get('/users', async (_req, res) => {
    res.json(await listPublicUsers(sql, currentUser(res)));
  });

  router.get('/users/:id', async (req, res) => {
    res.json(await readPublicUser(sql, parseBody(UserId, req.params.id), currentUser(res)));
  });

  return router;
}
