import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';
import { API_KEY_PREFIX } from '../../schema/api/api-keys.ts';
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

// A last line of defence, over every line whoever wrote it, for secrets that slip into a message
// text or a URL: Stripe keys and signing secrets, the game's API keys, the tokens of links that
// open something by themselves (an ad's receipt, an unsubscribe, an address's confirmation) and
// the value of any query parameter whose name says it is a secret.
const SECRET_TEXT = new RegExp(`\\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]+|\\bwhsec_[A-Za-z0-9]+|\\b${API_KEY_PREFIX}[A-Za-z0-9_-]+`, 'g');
const LINK_TOKEN_IN_PATH = /(\/(?:ad-receipts|advertise\/receipt|mail\/unsubscribe)\/)[^\s"'?#&/\\]+/gi;
const SECRET_QUERY_VALUE = /([?&][^=&\s"'#]*(?:secret|token|key|password|signature|verify)[^=&\s"'#]*=)[^&\s"'#\\]+/gi;

/** `text` with every secret it may hold (keys, link tokens, secret query values) replaced by [Redacted]. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_TEXT, '[Redacted]').replace(LINK_TOKEN_IN_PATH, '$1[Redacted]').replace(SECRET_QUERY_VALUE, '$1[Redacted]');
}

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
        streamWrite: redactSecrets,
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
