import { Router } from 'express';
import { UserId } from '../../../../schema/api/ids.ts';
import { pageAnswer, pageRequest } from '../../../../schema/api/pages.ts';
import { UsersPageQuery } from '../../../../schema/api/users.ts';
import { listPublicUsers, pagePublicUsers, readPublicUser } from '../../../domain/auth/users.ts';
import type { HttpDeps } from '../deps.ts';
import { currentUser } from '../session.ts';
import { parseBody } from '../validate.ts';

export function userRoutes({ sql }: HttpDeps): Router {
  const router = Router();

  // Without limit or cursor the answer stays the plain array docs/rules.md §7's clients read.
  router.get('/users', async (req, res) => {
    const page = pageRequest(parseBody(UsersPageQuery, req.query));
    res.json(page ? pageAnswer(await pagePublicUsers(sql, currentUser(res), page)) : await listPublicUsers(sql, currentUser(res)));
  });

  router.get('/users/:id', async (req, res) => {
    res.json(await readPublicUser(sql, parseBody(UserId, req.params.id), currentUser(res)));
  });

  return router;
}
