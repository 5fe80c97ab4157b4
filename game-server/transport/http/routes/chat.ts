import { Router } from 'express';
import { ChatPageQuery } from '../../../../schema/api/chat.ts';
import { TerritoryId } from '../../../../schema/api/ids.ts';
import { pageAnswer, pageRequest } from '../../../../schema/api/pages.ts';
import { listChatMessages, pageChatMessages } from '../../../domain/social/chat.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';
export function chatRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/chat/:territoryId', async (req, res) => {
    const territoryId = parseBody(TerritoryId, req.params.territoryId);
    const query = parseBody(ChatPageQuery, req.query);
    const page = pageRequest(query);
    res.json(
      page ? pageAnswer(await pageChatMessages(deps.sql, territoryId, page)) : await listChatMessages(deps.sql, territoryId, query.before),
    );
  });

  return router;
}
