import type { RequestHandler } from 'express';
import { resolveApiKey } from '../../domain/auth/api-key-use.ts';
import type { Sql } from '../../infra/db/database.ts';
import { forbidden, notFound, tooManyRequests, unauthenticated } from '../../errors.ts';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { KeyRateLimiter } from './key-rate-limit.ts';
import { byAddress } from './rate-limit.ts';
import { secondsUntil } from '../../infra/limits/take.ts';
import { operationFinder } from './openapi/route-table.ts';

const BEARER = /^Bearer +([A-Za-z0-9_-]{1,100})$/;

/**
 * `Authorization: Bearer <key>`: the request acts as the key's owner, without the Wanakt's powers,
 * on the calls whose scope the key holds, within the key's own budget. It replaces any session
 * cookie sent along, so a program never acts with more than its key allows.
 */
export function authenticateApiKeys(
  sql: Sql,
  clock: () => Date,
  limiter: KeyRateLimiter,
  unknownKeys?: RateLimiterAbstract,
): RequestHandler {
  const findOperation = operationFinder();
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (header === undefined) return next();
    const token = BEARER.exec(header)?.[1];
    if (!token) throw unauthenticated('The Authorization header must be "Bearer <API key>"');
    // Failed guesses are counted per address, and a live key spends only its own budget: an
    // address (a school, a CI provider, a carrier's NAT) that sent too many unknown keys is refused
    // any further unknown one, while a real key from it still works. Refusing every key from the
    // address would let one bad neighbour lock everybody's programs out for an hour, and a key of
    // 256 random bits is not found by guessing, so the lookup gains the guesser nothing.
    const holder = await resolveApiKey(sql, token, clock());
    if (!holder) {
      const spent = unknownKeys && (await unknownKeys.penalty(byAddress(req), 1));
      if (spent && unknownKeys && spent.consumedPoints > unknownKeys.points) {
        throw tooManyRequests(
          `Too many unknown API keys from your address. Try again in ${secondsUntil(spent)} seconds.`,
          secondsUntil(spent),
        );
      }
      throw unauthenticated('Unknown or revoked API key');
    }
    // A key opens only calls it can be checked against: a path the table does not know is refused
    // here, never let through to whatever route Express might still match it to.
    const operation = findOperation(req.method, req.path);
    if (!operation) throw notFound(`No such API call: ${req.method} ${req.path}`);
    if (operation.scope === null) {
      throw forbidden(
        operation.access === 'wanakt'
          ? 'An API key never acts as the Wanakt'
          : 'This call needs a logged-in session: API keys cannot make it',
      );
    }
    if (!holder.scopes.includes(operation.scope)) throw forbidden(`This API key lacks the ${operation.scope} scope`);
    const budget = await limiter.consume(holder.keyId);
    res.setHeader('RateLimit-Limit', budget.limit);
    res.setHeader('RateLimit-Remaining', budget.remaining);
    res.setHeader('RateLimit-Reset', budget.resetSeconds);
    if (!budget.allowed) {
      res.setHeader('Retry-After', budget.resetSeconds);
      throw tooManyRequests(`This API key made too many requests: try again in ${budget.resetSeconds} seconds`);
    }
    res.locals.user = holder.user;
    res.locals.apiKey = holder;
    next();
  };
}
