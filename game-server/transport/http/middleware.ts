import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OriginPolicy } from '../../domain/auth/origin.ts';
import { resolveSession } from '../../domain/auth/sessions.ts';
import { byDeadline, type Sql } from '../../infra/db/database.ts';
import { asUnavailable, BUSY, unavailable } from '../../infra/db/unavailable.ts';
import { GameError } from '../../errors.ts';
import type { Logger } from '../../infra/logger.ts';
import { sessionToken } from './session.ts';
import { API_BODY_LIMIT_BYTES } from './body-limit.ts';
import { operationFinder } from './openapi/route-table.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses a state-changing request that a browser sent from another site. */
export function refuseCrossSite(origins: OriginPolicy): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || origins.allows(req.headers.origin)) return next();
    res.status(403).json({ message: 'Cross-site request refused' });
  };
}

export function loadSession(sql: Sql, clock: () => Date): RequestHandler {
  return async (req, res, next) => {
    // Before any command starts, so refusing it at the request's deadline applies nothing.
    res.locals.user = await byDeadline(sql, resolveSession(sql, sessionToken(req), clock()), () => {
      throw unavailable(BUSY);
    });
    next();
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The end of the API: a path the API knows, asked with a method it does not answer there, gets
 * 405 with the methods it does answer (Allow); any other path gets 404.
 */
export function unknownApiPath(): RequestHandler {
  const findOperation = operationFinder();
  return (req, res) => {
    const allowed = METHODS.filter((method) => findOperation(method, req.path) !== undefined);
    if (allowed.length > 0) {
      const allow = allowed.includes('GET') ? ['GET', 'HEAD', ...allowed.filter((method) => method !== 'GET')] : allowed;
      res
        .status(405)
        .setHeader('Allow', allow.join(', '))
        .json({ message: `${req.method} is not allowed on ${req.path}: use ${allow.join(', ')}` });
      return;
    }
    res.status(404).json({ message: `No such API call: ${req.method} ${req.path}` });
  };
}

interface BodyParserError {
  type?: string;
  status?: number;
}

export function answerErrors(log: Logger) {
  return (thrown: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const error = asUnavailable(thrown);
    // The player sees only "busy" or "cannot reach"; the operator needs the database's own code.
    if (error !== thrown) log.warn('A database failure answered 503', thrown);
    if (error instanceof GameError) {
      if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
      res.status(error.status).json({ message: error.message });
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'The request body is not valid JSON' });
      return;
    }
    if (parserError.type === 'entity.too.large') {
      res.status(413).json({ message: `The request body is too large (at most ${API_BODY_LIMIT_BYTES} bytes)` });
      return;
    }
    if (parserError.status && parserError.status >= 400 && parserError.status < 500) {
      res.status(400).json({ message: 'The request could not be read' });
      return;
    }
    log.error('Unexpected error while answering a request', error);
    res.status(500).json({ message: 'Something went wrong on our side' });
  };
}
