import { GameError } from '../../errors.ts';

// What the driver and PostgreSQL say when the database, not the request, is the problem: the
// connection was cut or refused, the server is shutting down or out of connections, or a lock or
// statement ran past the session's time-outs (database.ts). Trying again shortly may well work.
const DRIVER_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '55P03', '57014', '25P03']);

// The connection itself is gone: the driver's own codes, the server ending the session, or a
// connection exception (class 08). A transaction on it ended then; whether its COMMIT was applied,
// if it had been sent, only the database can tell.
const SESSION_ENDED = new Set(['57P01', '57P02', '57P03']);

export function isConnectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return DRIVER_CODES.has(code) || SESSION_ENDED.has(code) || code.startsWith('08');
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return DRIVER_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08');
}

/** A refusal the caller may retry after `retryAfterSeconds`: 503 with Retry-After. */
export const unavailable = (message: string, retryAfterSeconds = 1) => new GameError(503, message, retryAfterSeconds);

export const DATABASE_UNAVAILABLE = 'The game cannot reach its database right now. Try again in a moment.';
export const BUSY = 'The game is busy right now. Try again in a moment.';

// A lock wait or a statement that ran past the session's time-outs: the database answered, so
// telling the player it cannot be reached would be untrue; the game is busy.
const TIMED_OUT = new Set(['55P03', '57014', '25P03']);

/** The 503 a database failure becomes; anything else is left as it is. */
export function asUnavailable(error: unknown): unknown {
  if (!isDatabaseUnavailable(error)) return error;
  return unavailable(TIMED_OUT.has((error as { code: string }).code) ? BUSY : DATABASE_UNAVAILABLE);
}
