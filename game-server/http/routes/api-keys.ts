import { Router } from 'express';
import { CreateApiKeyBody } from '../../../schema/api/api-keys.ts';
import { IdParam } from '../../../schema/api/ids.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../auth/api-keys.ts';
import type { HttpDeps } from '../deps.ts';
import { requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';

const KeyId = IdParam('API key id');

/** A player's keys, managed only with a session: the key authoriser refuses every key here. */
export function apiKeyRoutes({ sql, clock }: HttpDeps): Router {
  const router = Router();

  router.get('/api-keys', async (_req, res) => {
    res.json(await listApiKeys(sql, requireUser(res).id));
  });

  router.post('/api-keys', async (req, res) => {
    const owner = requireUser(res);
    res.status(201).json(await createApiKey(sql, owner.id, parseBody(CreateApiKeyBody, req.body), clock()));
  });

  router.delete('/api-keys/:id', async (req, res) => {
    const owner = requireUser(res);
    res.json(await revokeApiKey(sql, owner.id, parseBody(KeyId, req.params.id), clock()));
  });

  return router;
}
