import { Router } from 'express';
import { ChatPageQuery, ChatPostBody } from '../../../schema/api/chat.ts';
import { TerritoryId } from '../../../schema/api/ids.ts';
import { listChatMessages, postChatMessage } from '../../social/chat.ts';
import { requireSelf, requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';


export function chatRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/chat/:territoryId', async (req, res) => {
    const territoryId = parseBody(TerritoryId, req.params.territoryId);
    const { before } = parseBody(ChatPageQuery, req.query);
    res.json(await listChatMessages(deps.sql, territoryId, before));
  });

  router.post('/chat', async (req, res) => {
    requireUser(res);
    const body = parseBody(ChatPostBody, req.body);
    const user = requireSelf(res, body.user_id);
    res.status(201).json(await postChatMessage(deps, user, body));
  });

  return router;
}
