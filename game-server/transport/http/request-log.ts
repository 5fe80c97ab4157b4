import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { redactSecrets, type Logger } from '../../infra/logger.ts';
import { withRequest } from '../../infra/request-context.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
// A proxy's or a caller's id is kept only when it cannot smuggle anything into a log line.
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  const offered = Array.isArray(header) ? header[0] : header;
  return offered !== undefined && WELL_FORMED_ID.test(offered) ? offered : randomUUID();
}

/** The path and query of a request, with link tokens in the path and secret-looking parameters' values replaced. */
export function loggableUrl(url: string | undefined): string {
  const parsed = new URL(url ?? '/', 'http://local');
  return redactSecrets(`${parsed.pathname}${parsed.search}`);
}

/** A request answered slower than this is worth an operator's reading, whatever it was. */
export const SLOW_REQUEST_MS = 1000;

/**
 * How loud a request's line is: a failure of ours is an error, a slow answer a warning, and every
 * other request, read, command or refusal, a debug line: a playing game makes them by the thousand,
 * and at the default level they scrolled the start's lines away. What changed is in the ledger and
 * the audit log, and the refusals are counted in the metrics.
 */
export function levelOf(status: number, responseMs: number): 'debug' | 'warn' | 'error' {
  if (status >= 500) return 'error';
  return responseMs >= SLOW_REQUEST_MS ? 'warn' : 'debug';
}

/**
 * One JSON line per request with its id, status and time. The id comes from a well-formed
 * X-Request-Id or is made here, is answered back in the same header, and stays with everything the
 * request's work logs (see request-context.ts).
 *
 * Written here rather than with pino-http, which builds a child logger and runs its serializers
 * for every request even when the line is not written: a fifth of the CPU of a cached world read.
 */
export function requestLog(log: Logger): RequestHandler {
  const pino = log.pino;
  return (req, res, next) => {
    const reqId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('X-Request-Id', reqId);
    const started = performance.now();
    const line = (message: string) => {
      const responseTime = Math.round(performance.now() - started);
      const level = levelOf(res.statusCode, responseTime);
      if (!pino.isLevelEnabled(level)) return;
      const request = { method: req.method, url: loggableUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress };
      pino[level]({ reqId, req: request, res: { statusCode: res.statusCode }, responseTime }, message);
    };
    // A caller that hangs up before its answer is sent is nothing an operator must act on.
    let gone = false;
    res.once('close', () => {
      gone = !res.writableFinished;
      line(gone ? 'request aborted' : 'request completed');
    });
    withRequest({ requestId: reqId, startedAt: started, gone: () => gone }, next);
  };
}
