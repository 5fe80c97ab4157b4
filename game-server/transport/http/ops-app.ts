import { timingSafeEqual } from 'node:crypto';
import express, { type Express, type Request } from 'express';
import type { Database } from '../../infra/db/database.ts';
import type { Logger } from '../../infra/logger.ts';
import { backupRoutes } from './routes/backup.ts';
import { metricsRoutes } from './routes/metrics.ts';

function bearerMatches(req: Request, token: string): boolean {
  const offered = req.get('authorization')?.match(/^Bearer (.+)$/)?.[1];
  if (!offered) return false;
  const [a, b] = [Buffer.from(offered), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why the operator listener serves no backup, in its answer and in the start-up log. */
export const BACKUP_NEEDS_TOKEN =
  'The backup door (/ops/backup) is closed: it opens only with OPS_TOKEN set (16 characters or more), on any listener, loopback included';

/**
 * The operator's listener (OPS_PORT on OPS_HOST): Prometheus's scrape and the embedded database's
 * backup, which holds every password hash. Metrics trust what they are bound to and, with
 * OPS_TOKEN, a secret; the backup always needs the secret. Never a client address, which a proxy in front of the public port could make anyone's.
 * The public app answers both paths 404 (see app.ts).
 */
export function createOpsApp(options: { database: Database; log: Logger; token?: string }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  if (options.token) {
    const token = options.token;
    app.use((req, res, next) => {
      if (bearerMatches(req, token)) return next();
      res
        .status(401)
        .setHeader('WWW-Authenticate', 'Bearer')
        .json({ message: 'The operator port needs Authorization: Bearer <OPS_TOKEN>' });
    });
  }
  app.use(metricsRoutes());
  // A copy of the whole database is never handed to whoever can reach a loopback port (any user of
  // this machine): without a token the backup door is not opened at all.
  if (options.token) app.use(backupRoutes(options.database, options.log));
  else
    app.get('/ops/backup', (_req, res) => {
      res.status(403).json({ message: BACKUP_NEEDS_TOKEN });
    });
  app.use((_req, res) => {
    res.status(404).json({ message: 'The operator port serves /metrics and /ops/backup only' });
  });
  return app;
}

/** Paths that belong to the operator's listener: the public port answers them 404 whatever the caller sends. */
export const OPERATOR_PATHS = /^\/(metrics|ops)(\/|$)/i;
