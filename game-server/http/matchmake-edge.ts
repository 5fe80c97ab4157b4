import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import type { OriginPolicy } from '../auth/origin.ts';

// Colyseus answers CORS for every request on the server (its listener runs before Express), and by
// default it reflects any Origin with credentials. Its hook sees only the request headers, not
// which server it runs in, so the allowed origins of every game server in this process are pooled:
// one in a deployment, a few in a test run, and a foreign origin is in none of them.
const policies = new Set<OriginPolicy>();

function installCorsRule(): void {
  // Its type insists on an allowed origin and credentials for everyone: exactly what must go.
  matchMaker.controller.DEFAULT_CORS_HEADERS = {
    'Access-Control-Allow-Headers': 'Origin, X-Requested-With, Content-Type, Accept, Authorization',
    'Access-Control-Allow-Methods': 'GET,HEAD,POST',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  } as unknown as typeof matchMaker.controller.DEFAULT_CORS_HEADERS;
  matchMaker.controller.getCorsHeaders = (headers: Headers): Record<string, string> => {
    const origin = headers.get('origin');
    if (![...policies].some((policy) => policy.isOurs(origin))) return {};
    return { 'Access-Control-Allow-Origin': origin!, 'Access-Control-Allow-Credentials': 'true' };
  };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function refuse(res: ServerResponse, status: number, message: string): void {
  // Connection: close, so Node drops the socket instead of reading the rest of the body.
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  res.end(JSON.stringify({ message }));
}

/**
 * Colyseus reads a matchmaking body whole before looking at it. Requests are checked here first,
 * on their declared length, so an oversized body is refused before a byte of it is read: the
 * same limit as /api. A body without a declared length (chunked) is refused too; browsers and the
 * Colyseus SDK always declare it.
 */
function matchmakeBodyTooBig(req: IncomingMessage, res: ServerResponse, maxBytes: number): boolean {
  if (!req.url?.startsWith('/matchmake/') || !BODY_METHODS.has(req.method ?? '')) return false;
  const declared = req.headers['content-length'];
  if (declared === undefined) {
    if (req.headers['transfer-encoding'] === undefined) return false;
    refuse(res, 411, 'Matchmaking requests must declare their Content-Length');
    return true;
  }
  if (Number(declared) <= maxBytes) return false;
  refuse(res, 413, `The request body is too large (at most ${maxBytes} bytes)`);
  return true;
}

/**
 * Puts the game's rules in front of Colyseus's own handling of HTTP: our origins only for CORS,
 * and the body limit on /matchmake. Call once Colyseus has bound its listeners; the answer undoes
 * it, for a server that stops.
 */
export function guardMatchmaking(server: HttpServer, options: { origins: OriginPolicy; maxBodyBytes: number }): () => void {
  if (policies.size === 0) installCorsRule();
  policies.add(options.origins);
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (matchmakeBodyTooBig(req, res, options.maxBodyBytes)) return;
    for (const listener of listeners) listener.call(server, req, res);
  });
  return () => policies.delete(options.origins);
}
