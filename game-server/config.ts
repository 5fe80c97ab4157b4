import { validate as validCron } from 'node-cron';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { MAX_DRK_SUPPLY } from '../schema/constants.ts';
import { SEASON_EPOCH, SEASON_WEEKS_DEFAULT } from '../schema/rules/seasons.ts';

// Every setting the server reads, with its env var, default and meaning. Only the composition
// root calls loadConfig; everything else receives the parsed Config.
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const url = (protocols: string[]) =>
  optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.join(' or ')}//` },
  );

// Web origins (scheme, host and port) the browser may call us from, comma-separated.
const origins = optionalText.transform((value, context) => {
  if (value === undefined) return undefined;
  const parsed: string[] = [];
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    try {
      const origin = new URL(item);
      if (origin.protocol !== 'http:' && origin.protocol !== 'https:') throw new Error(item);
      parsed.push(origin.origin);
    } catch {
      context.addIssue({ code: 'custom', message: `${item} is not an origin like https://play.example.com` });
      return z.NEVER;
    }
  }
  return parsed.length > 0 ? parsed : undefined;
});

/** Whether the hop at `address` (the `hop`-th from the socket) is a proxy whose X-Forwarded-For we believe. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a trust function: `loopback`, or a comma-separated list of addresses and ranges; unset trusts nobody. */
export function compileTrustProxy(setting: string | undefined): TrustProxy {
  if (!setting) return () => false;
  return proxyAddr.compile(
    setting
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

const ConfigSchema = z.object({
  /** TCP port of the one HTTP server (REST, payments webhook, client, Colyseus). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; 0.0.0.0 to accept connections from other machines. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the embedded database keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL server (postgres://user:pass@host:port/db); unset means the embedded database. */
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  /** Redis for several game-server processes (redis://host:port); unset means one process. */
  REDIS_URL: url(['redis:', 'rediss:']),
  /**
   * Where browsers reach this very process, as host[:port][/path] without a scheme, when several
   * processes stand behind one address: a client's socket goes there, to the process that holds its
   * seat, whichever process answered its join. Unset means the address the page came from.
   */
  PUBLIC_ADDRESS: optionalText.refine((value) => value === undefined || /^[^\s/:]+(:\d{1,5})?(\/[^\s]*[^\s/])?$/.test(value), {
    message: 'must be host[:port][/path], without a scheme or a trailing slash',
  }),
  /** Password of the Wanakt account; generated and printed once at first start when unset. */
  WANAKT_PASSWORD: optionalText,
  /** Password of the demo player `sample`; generated and printed once at first start when unset. */
  DEMO_PASSWORD: optionalText,
  /** Stripe secret key (sk_...); with the two below it switches payments from the sandbox to Stripe. */
  STRIPE_SECRET_KEY: optionalText,
  /** Signing secret of the Stripe webhook endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe publishable key (pk_...) handed to the browser. */
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /** Points the Stripe SDK at a local fake or stripe-mock (http://127.0.0.1:12111). */
  STRIPE_API_URL: url(['http:', 'https:']),
  /** `sandbox` runs test-mode payments where nobody pays; `stripe` needs the three keys. Unset: Stripe with keys, the sandbox only on the embedded database. */
  PAYMENTS: optionalText.pipe(z.enum(['stripe', 'sandbox'], { error: 'must be stripe or sandbox' }).optional()),
  /** The origins players' browsers use (https://play.example.com, comma-separated); unset: the address the server prints. */
  PUBLIC_ORIGIN: origins,
  /** How long start-up waits for PostgreSQL to accept connections before giving up. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How long start-up waits for Redis (REDIS_URL) to answer before giving up. */
  REDIS_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Connections each process keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(3).max(200).default(10),
  /** How long after its request arrived a command may still start; later it is refused with 503 and Retry-After. */
  COMMAND_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** debug, info, warn or error. */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** When the 6-month rent cycle runs (node-cron, UTC): by default midnight on 1 January and 1 July. */
  RENT_CRON: z.string().default('0 0 1 1,7 *').refine(validCron, { message: 'must be a cron expression, e.g. 0 0 1 1,7 *' }),
  /** When the monthly earnings are paid (node-cron, UTC): by default midnight on the 1st of each month. */
  EARNINGS_CRON: z.string().default('0 0 1 * *').refine(validCron, { message: 'must be a cron expression, e.g. 0 0 1 * *' }),
  /** When the game backs itself up (node-cron, UTC; six fields for seconds): one process takes each copy. Unset: no scheduled backups. */
  BACKUP_CRON: optionalText.refine((value) => value === undefined || validCron(value), {
    message: 'must be a cron expression, e.g. 30 3 * * *',
  }),
  /** Where scheduled backups are written. */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** How many scheduled backups to keep in BACKUP_DIR; older ones are deleted after each good copy. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** The mail server (smtp://user:pass@host:587, smtps://... for TLS from the start); unset: each message is written to DATA_DIR/mail and its path logged. */
  SMTP_URL: url(['smtp:', 'smtps:']),
  /** The sender of the game's mail, as an address or `Name <address>`. */
  MAIL_FROM: z.string().trim().min(3).default('Wanakt World <no-reply@wanakt.invalid>'),
  /** How often each process sends the queued mail (node-cron, six fields for seconds): by default every 5 seconds, so a receipt or a confirmation link arrives moments after what caused it. */
  MAIL_SEND_CRON: z.string().default('*/5 * * * * *').refine(validCron, { message: 'must be a cron expression, e.g. */5 * * * * *' }),
  /** Messages one address may be sent in an hour; more wait for the next hour (receipts and verifications too). */
  MAIL_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** The server's VAPID public key (base64url, 65 bytes), set with the two below; unset: no web push. */
  VAPID_PUBLIC_KEY: optionalText.refine((value) => value === undefined || /^B[A-Za-z0-9_-]{86}$/.test(value), {
    message: 'must be a P-256 public key in base64url (npx web-push generate-vapid-keys)',
  }),
  /** The server's VAPID private key (base64url, 32 bytes). */
  VAPID_PRIVATE_KEY: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{43}$/.test(value), {
    message: 'must be a P-256 private key in base64url (npx web-push generate-vapid-keys)',
  }),
  /** Whom push services may contact about the game's pushes: mailto:ops@example.com or an https: page. */
  VAPID_SUBJECT: url(['mailto:', 'https:']),
  /** Tests only: take push endpoints on this machine or the local network (http://127.0.0.1:…), which are refused otherwise. */
  PUSH_ALLOW_LOCAL_ENDPOINTS: optionalText
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional())
    .transform((value) => value === 'true'),
  /** When running ads' daily analytics are mailed to their advertisers (node-cron, UTC): by default 08:00 every day. */
  AD_REPORT_CRON: z.string().default('0 8 * * *').refine(validCron, { message: 'must be a cron expression, e.g. 0 8 * * *' }),
  /** When the weekly digest goes to players who were away (node-cron, UTC): by default Mondays 08:00. */
  DIGEST_CRON: z.string().default('0 8 * * 1').refine(validCron, { message: 'must be a cron expression, e.g. 0 8 * * 1' }),
  /** When the digest goes to players who chose it daily (node-cron, UTC): by default 08:00 every day. */
  DAILY_DIGEST_CRON: z.string().default('0 8 * * *').refine(validCron, { message: 'must be a cron expression, e.g. 0 8 * * *' }),
  /** When the season job runs (node-cron, UTC): it pays a season that has ended, once, and announces the next. */
  SEASON_CRON: z.string().default('0 * * * *').refine(validCron, { message: 'must be a cron expression, e.g. 0 * * * *' }),
  /** Weeks a season lasts; a change applies to seasons announced after it. */
  SEASON_WEEKS: z.coerce.number().int().min(1).max(52).default(SEASON_WEEKS_DEFAULT),
  /** DRK of the Wanakt's treasury each new season is announced with, shared at its end. */
  SEASON_POOL: z.coerce.number().int().min(1).max(MAX_DRK_SUPPLY).default(5_000),
  /** When season 1 starts (an ISO moment); each season starts when the one before ends. */
  SEASON_EPOCH: z.iso.datetime({ offset: true }).default(SEASON_EPOCH),
  /** Seconds each banner ad shows before the next: a divisor of 60, so every process's slots line up on the minute. */
  BANNER_SECONDS: z.coerce
    .number()
    .int()
    .refine((seconds) => [5, 6, 10, 12, 15, 20, 30, 60].includes(seconds), { message: 'must be 5, 6, 10, 12, 15, 20, 30 or 60' })
    .default(30),
  /** Seconds a stopping process may take to drain (finish requests and jobs, send clients elsewhere) before it exits anyway. */
  SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** Reads of the world's cached lists one address may make a minute, counted by each process in its memory; unset: 1,200 (limits/door-limits.ts). */
  WORLD_READS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Port of the operator's listener (/metrics, /ops/backup); unset: no operator listener, and the public port never serves them. */
  OPS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /** Interface of the operator's listener: this machine only unless OPS_TOKEN is set. */
  OPS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Bearer token the operator's listener requires too when set (at least 16 characters): for a scraper on another machine. */
  OPS_TOKEN: optionalText.refine((token) => token === undefined || token.length >= 16, { message: 'must be at least 16 characters' }),
  /**
   * Which peers' X-Forwarded-For to believe: `loopback` (a reverse proxy on this machine), or a
   * comma-separated list of proxy addresses and ranges (127.0.0.1,::1 or 10.0.0.0/8); unset: none,
   * every client is the socket's peer.
   */
  TRUST_PROXY: optionalText.refine(
    (value) => {
      try {
        compileTrustProxy(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be loopback, or comma-separated addresses or ranges like 127.0.0.1,::1 or 10.0.0.0/8' },
  ),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).map((key) => [key, env[key]]));
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const stripeKeys = [parsed.data.STRIPE_SECRET_KEY, parsed.data.STRIPE_WEBHOOK_SECRET, parsed.data.STRIPE_PUBLISHABLE_KEY];
  const setCount = stripeKeys.filter((key) => key !== undefined).length;
  if (setCount !== 0 && setCount !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY must be set together (or none, for the sandbox)',
    );
  }
  const config = parsed.data;
  if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.trim() !== '') {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_TOKEN is gone: /metrics is served on the operator port only (OPS_PORT), with OPS_TOKEN as its bearer token',
    );
  }
  const vapid = [config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY, config.VAPID_SUBJECT].filter((value) => value !== undefined).length;
  if (vapid !== 0 && vapid !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together (or none: no web push)',
    );
  }
  const loopbackOps = ['127.0.0.1', '::1', 'localhost'].includes(config.OPS_HOST);
  if (config.OPS_PORT !== undefined && !loopbackOps && config.OPS_TOKEN === undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  OPS_HOST=${config.OPS_HOST} opens the operator port (metrics, database backups) to other machines: set OPS_TOKEN too`,
    );
  }
  if (setCount === 0 && config.PAYMENTS === 'stripe') {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
    );
  }
  if (setCount === 3 && config.PAYMENTS === 'sandbox') {
    throw new ConfigError('Invalid configuration:\n  PAYMENTS=sandbox and the Stripe keys are both set: choose one');
  }
  // A real database with nobody's payments configured would hand out DRK for nothing: make it a choice.
  if (config.DATABASE_URL && setCount === 0 && config.PAYMENTS !== 'sandbox') {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL is set but no payment provider is: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY for real payments, or PAYMENTS=sandbox for test-mode payments where nobody pays',
    );
  }
  return config;
}
