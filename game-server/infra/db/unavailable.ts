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

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return DRIVER_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08');
}

/** A refusal the caller may retry after `retryAfterSeconds`: 503 with Retry-After. */
export const unavailable = (message: string, retryAfterSeconds = 1) => new GameError(503, message, retryAfterSeconds);

export const DATABASE_UNAVAILABLE = 'The game cannot reach its database right now. Try again in a moment.';

/** The 503 a database failure becomes; anything else is left as it is. */
export function asUnavailable(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? unavailable(DATABASE_UNAVAILABLE) : error;
}
