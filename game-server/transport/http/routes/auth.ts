import { Router } from 'express';
import { CredentialsBody, RegistrationBody } from '../../../../schema/api/auth.ts';
import { login, register } from '../../../domain/auth/accounts.ts';
import { endSession } from '../../../domain/auth/sessions.ts';
import { inTransaction } from '../../../infra/db/database.ts';
import { take } from '../../../infra/limits/take.ts';
import { byAddress } from '../rate-limit.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

export function authRoutes({ sql, clock, limits }: HttpDeps): Router {
  const router = Router();

  router.post('/users/register', async (req, res) => {
    const credentials = parseBody(RegistrationBody, req.body);
    await take(limits.doors.registration, byAddress(req), 'Too many new accounts from your address.');
    const { account, token } = await register(sql, credentials, clock(), byAddress(req));
    setSessionCookie(req, res, token);
    res.status(201).json(account);
  });

  router.post('/auth/login', async (req, res) => {
    const credentials = parseBody(CredentialsBody, req.body);
    const { account, token } = await login(
      sql,
      limits.login,
      credentials,
      { address: byAddress(req), previousToken: sessionToken(req) },
      clock(),
    );
    setSessionCookie(req, res, token);
    res.json(account);
  });

  router.post('/auth/logout', async (req, res) => {
    await inTransaction(sql, (tx) => endSession(tx, sessionToken(req)));
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  return router;
}
