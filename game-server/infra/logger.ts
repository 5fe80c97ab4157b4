import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';
import { currentRequestId } from './request-context.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, error?: unknown): void;
  info(message: string, error?: unknown): void;
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
  /** The structured logger underneath, for the request log and for fields beyond a message. */
  readonly pino: PinoLogger;
}

export interface LoggerOptions {
  /** Where the lines go; standard output when omitted. */
  destination?: DestinationStream;
  /** Colourful lines for a person at a terminal instead of JSON. */
  pretty?: boolean;
}

/**
 * Whatever a log line might carry that must never be written: session cookies, credentials,
 * client secrets of payments, Stripe signatures and keys, card fields. The request serializer
 * keeps headers and bodies out already; these paths catch them where code logs objects itself.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
  'clientSecret',
  '*.clientSecret',
  'client_secret',
  '*.client_secret',
  'card',
  '*.card',
  'card_number',
  '*.card_number',
  'cvc',
  '*.cvc',
  'err.parameters',
  'err.raw',
  'err.headers',
];

// A last line of defence for secrets that slip into a message text: Stripe keys and signing secrets.
const SECRET_TEXT = /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]+|\bwhsec_[A-Za-z0-9]+/g;

function errorField(error: unknown): Record<string, unknown> {
  if (error === undefined) return {};
  return { err: error instanceof Error ? error : new Error(String(error)) };
}

export function createLogger(level: LogLevel, options: LoggerOptions = {}): Logger {
  const usePretty = options.pretty ?? (options.destination === undefined && process.stdout.isTTY === true);
  const destination =
    options.destination ??
    (usePretty ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l' }) : pino.destination({ fd: 1, sync: true }));
  const base = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      // Every line written while a request's work runs carries its id, whoever writes it; a line
      // that names its reqId itself (the request log's) keeps its own.
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { reqId: requestId } : {};
      },
      hooks: {
        streamWrite: (line) => line.replace(SECRET_TEXT, '[Redacted]'),
      },
    },
    destination,
  );
  return {
    pino: base,
    debug: (message, error) => base.debug(errorField(error), message),
    info: (message, error) => base.info(errorField(error), message),
    warn: (message, error) => base.warn(errorField(error), message),
    error: (message, error) => base.error(errorField(error), message),
  };
}
