import type { Request, RequestHandler, Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey } from '../../infra/limits/address-key.ts';
import { take } from '../../infra/limits/take.ts';
import { currentUser } from './session.ts';

/**
 * The key of the client's address for every per-address limit: req.ip (the socket's, or the
 * X-Forwarded-For of a proxy TRUST_PROXY names) through addressKey, so an IPv6 /64 is one client
 * and a mapped IPv4 address is the plain one.
 */
export const byAddress = (req: Request) => addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/** The player when logged in (so players behind one address do not share a budget), else the address. */
export const byPlayerOrAddress = (req: Request, res: Response) => currentUser(res)?.id ?? `address:${byAddress(req)}`;

/**
 * One viewer's clicks on one ad (the path's id, read after it was validated), counted once an hour:
 * the player's, or a visitor's address's, as the banner's impressions count (docs/rules.md §9).
 */
export const adClickKey = (req: Request, res: Response) => `${byPlayerOrAddress(req, res)}|${req.params.id}`;

/**
 * Counts each request against `counter` under the key `keyOf` gives, and answers 429 with
 * Retry-After and a JSON message once the key has used its points. Place it after the session
 * middleware when the key is the player.
 */
export function limitRequests(
  counter: RateLimiterAbstract,
  keyOf: (req: Request, res: Response) => string,
  refusal: string,
): RequestHandler {
  return async (req, res, next) => {
    await take(counter, keyOf(req, res), refusal);
    next();
  };
}

/** The same count as limitRequests, as a command's admission: spent only by requests that passed authentication and validation. */
export function countAdmitted(counter: RateLimiterAbstract, keyOf: (req: Request, res: Response) => string, refusal: string) {
  return (req: Request, res: Response) => take(counter, keyOf(req, res), refusal);
}
