import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { OriginPolicy } from '../../domain/auth/origin.ts';
import { addressKey } from '../../infra/limits/address-key.ts';
import { take } from '../../infra/limits/take.ts';
import { GameError } from '../../errors.ts';
import type { TrustProxy } from '../../config.ts';
import { CLIENT_ADDRESS_HEADER, clientAddress } from './client-address.ts';

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
  matchMaker.controller.getCorsHeaders = (headers: Headers): Record<string, string> => corsHeadersFor(headers.get('origin'));
}

function corsHeadersFor(origin: string | null): Record<string, string> {
  if (![...policies].some((policy) => policy.isOurs(origin))) return {};
  return { 'Access-Control-Allow-Origin': origin!, 'Access-Control-Allow-Credentials': 'true' };
}

/**
 * What Colyseus's listener does to a request it has no route for, which it hands to Express: the
 * same CORS headers, read from the request's Origin without the WHATWG Headers copy of all its
 * headers that Colyseus makes for every request (4% of the CPU of a cached read).
 */
function handToApp(app: (req: IncomingMessage, res: ServerResponse) => void, req: IncomingMessage, res: ServerResponse): void {
  for (const [name, value] of Object.entries(matchMaker.controller.DEFAULT_CORS_HEADERS)) res.setHeader(name, value);
  for (const [name, value] of Object.entries(corsHeadersFor(req.headers.origin ?? null))) res.setHeader(name, value);
  app(req, res);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  // Connection: close, so Node drops the socket instead of reading the rest of the body.
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close', ...headers });
  res.end(JSON.stringify({ message }));
}

const MATCHMAKING = /^\/matchmake\/([^/?]+)\//;

/**
 * The world has one room per process, made by the server: a client only joins it. Colyseus's
 * `create` would make a new room, loading the whole world, for each call.
 */
function createRefused(req: IncomingMessage, res: ServerResponse): boolean {
  if (MATCHMAKING.exec(req.url ?? '')?.[1] !== 'create') return false;
  refuse(res, 403, 'Rooms are made by the server: join the world instead');
  return true;
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

export interface MatchmakingGuard {
  origins: OriginPolicy;
  maxBodyBytes: number;
  /** Whose X-Forwarded-For to believe, as Express does (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Matchmaking requests one address may make (DOOR_LIMITS.matchmake); unlimited when omitted. */
  perAddress?: RateLimiterAbstract;
  /** Called with each request first (the warning about a proxy that forwards no address). */
  inspectPeer?: (req: IncomingMessage) => void;
  /** The Express app, handed the API's calls (under /api/, where Colyseus has no route) directly. */
  app?: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * Puts the game's rules in front of Colyseus's own handling of HTTP: our origins only for CORS,
 * the body limit and a budget per address on /matchmake, no client-made rooms, and the client's
 * address as we compute it (CLIENT_ADDRESS_HEADER) for the room's onAuth. Call once Colyseus has
 * bound its listeners; the answer undoes it, for a server that stops.
 */
export function guardMatchmaking(server: HttpServer, guard: MatchmakingGuard): () => void {
  if (policies.size === 0) installCorsRule();
  policies.add(guard.origins);
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    // A client that hung up while its join was counted has no body left to read: Colyseus would fail
    // making a Request of it, in a promise nobody awaits, and an unhandled rejection ends the process.
    if (req.destroyed || res.destroyed) return;
    for (const listener of listeners) {
      const handled: unknown = listener.call(server, req, res);
      if (handled instanceof Promise)
        handled.catch(() => {
          if (!res.headersSent) refuse(res, 500, 'Something went wrong on our side');
          else res.destroy();
        });
    }
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    guard.inspectPeer?.(req);
    delete req.headers[CLIENT_ADDRESS_HEADER];
    // A preflight is left to Colyseus, which answers it itself.
    if (guard.app && req.method !== 'OPTIONS' && req.url?.startsWith('/api/')) return handToApp(guard.app, req, res);
    if (!req.url?.startsWith('/matchmake/')) return pass(req, res);
    if (matchmakeBodyTooBig(req, res, guard.maxBodyBytes) || createRefused(req, res)) return;
    const address = clientAddress(req, guard.trustProxy);
    req.headers[CLIENT_ADDRESS_HEADER] = address;
    // A preflight is the browser's, not a join: it costs nothing and is not counted.
    if (!guard.perAddress || req.method === 'OPTIONS') return pass(req, res);
    take(guard.perAddress, addressKey(address), 'Too many joins from your address.').then(
      () => pass(req, res),
      (error: unknown) => {
        const refusal = error instanceof GameError ? error : null;
        if (!refusal) return refuse(res, 500, 'Something went wrong on our side');
        refuse(res, refusal.status, refusal.message, refusal.retryAfterSeconds ? { 'retry-after': String(refusal.retryAfterSeconds) } : {});
      },
    );
  });
  return () => policies.delete(guard.origins);
}
