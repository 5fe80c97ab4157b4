import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger.ts';
import { withRequestId } from '../request-context.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
// A proxy's or a caller's id is kept only when it cannot smuggle anything into a log line.
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/;
// Query parameters whose values are secrets (a payment's client secret in a return URL, say).
const SECRET_QUERY = /^(?:.*secret.*|.*token.*|password|key|signature)$/i;

export function requestIdOf(header: string | string[] | undefined): string {
  const offered = Array.isArray(header) ? header[0] : header;
  return offered !== undefined && WELL_FORMED_ID.test(offered) ? offered : randomUUID();
}

/** The path and query of a request, with the values of secret-looking parameters replaced. */
export function loggableUrl(url: string | undefined): string {
  const parsed = new URL(url ?? '/', 'http://local');
  for (const name of [...parsed.searchParams.keys()]) {
    if (SECRET_QUERY.test(name)) parsed.searchParams.set(name, '[Redacted]');
  }
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * One JSON line per request with its id, status and time. The id comes from a well-formed
 * X-Request-Id or is made here, is answered back in the same header, and stays with everything the
 * request's work logs (see request-context.ts).
 */
export function requestLog(log: Logger): RequestHandler[] {
  const http = pinoHttp<IncomingMessage, ServerResponse>({
    logger: log.pino,
    genReqId: (req, res) => {
      const id = requestIdOf(req.headers[REQUEST_ID_HEADER]);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'reqId' },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    serializers: {
      req: (req: { method: string; url: string; remoteAddress?: string }) => ({ method: req.method, url: loggableUrl(req.url), remoteAddress: req.remoteAddress }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return [http, (req, _res, next) => withRequestId(String(req.id), next)];
}
