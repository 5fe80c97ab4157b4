import { Router } from 'express';
import { ChatPageQuery } from '../../../schema/api/chat.ts';
import { TerritoryId } from '../../../schema/api/ids.ts';
import { pageAnswer, pageRequest } from '../../../schema/api/pages.ts';
import { CHAT_REFUSAL, listChatMessages, pageChatMessages } from '../../social/chat.ts';
import { bodyOnly, commandRoute } from '../command.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';
import { byPlayerOrAddress, countAdmitted } from '../rate-limit.ts';
export function chatRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/chat/:territoryId', async (req, res) => {
    const territoryId = parseBody(TerritoryId, req.params.territoryId);
    const query = parseBody(ChatPageQuery, req.query);
    const page = pageRequest(query);
    res.json(page ? pageAnswer(await pageChatMessages(deps.sql, territoryId, page)) : await listChatMessages(deps.sql, territoryId, query.before));
  });

  router.post('/chat', commandRoute(deps, 'chat.post', bodyOnly, countAdmitted(deps.limits.doors.chat, byPlayerOrAddress, CHAT_REFUSAL)));

  return router;
}
