import { validate as validCron } from 'node-cron';
import { z } from 'zod';

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
  /** debug, info, warn or error. */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** When the 6-month rent cycle runs (node-cron, UTC): by default midnight on 1 January and 1 July. */
  RENT_CRON: z.string().default('0 0 1 1,7 *').refine(validCron, { message: 'must be a cron expression, e.g. 0 0 1 1,7 *' }),
  /** When the monthly earnings are paid (node-cron, UTC): by default midnight on the 1st of each month. */
  EARNINGS_CRON: z.string().default('0 0 1 * *').refine(validCron, { message: 'must be a cron expression, e.g. 0 0 1 * *' }),
  /** Seconds each banner ad shows before the next: a divisor of 60, so every process's slots line up on the minute. */
  BANNER_SECONDS: z.coerce
    .number()
    .int()
    .refine((seconds) => [5, 6, 10, 12, 15, 20, 30, 60].includes(seconds), { message: 'must be 5, 6, 10, 12, 15, 20, 30 or 60' })
    .default(30),
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
  return parsed.data;
}
