import type { Request, RequestHandler, Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { take } from '../limits/take.ts';
import { currentUser } from './session.ts';

/** The client's address as Express sees it: the socket's, or a trusted proxy's X-Forwarded-For. */
export const byAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The player when logged in (so players behind one address do not share a budget), else the address. */
export const byPlayerOrAddress = (req: Request, res: Response) => currentUser(res)?.id ?? `address:${byAddress(req)}`;

/**
 * Counts each request against `counter` under the key `keyOf` gives, and answers 429 with
 * Retry-After and a JSON message once the key has used its points. Place it after the session
 * middleware when the key is the player.
 */
export function limitRequests(counter: RateLimiterAbstract, keyOf: (req: Request, res: Response) => string, refusal: string): RequestHandler {
  return async (req, res, next) => {
    await take(counter, keyOf(req, res), refusal);
    next();
  };
}
