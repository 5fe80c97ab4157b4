import type { IncomingMessage } from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import type { HttpDeps } from './deps.ts';
import { API_BODY_LIMIT_BYTES } from './body-limit.ts';
import { answerErrors, loadSession, refuseCrossSite, unknownApiPath } from './middleware.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { unlessKeyed, worldReadRoutes } from './routes/world-reads.ts';
import { paymentWebhookRoutes } from './routes/payments.ts';
import { adRoutes } from './routes/ads.ts';
import { mailRoutes, unsubscribePageRoutes } from './routes/mail.ts';
import { readBindings } from './reads/index.ts';
import { readRouter } from './reads/serve.ts';
import { statementRoutes } from './routes/statement.ts';
import { allianceCsvRoutes } from './routes/alliances.ts';
import type { PaymentProvider } from '../../domain/payments/provider.ts';
import { serveClient } from './client-files.ts';
import { securityHeaders } from './security-headers.ts';
import { commandRoutes } from './command.ts';
import { PATH_LIMITS } from './command-limits.ts';
import { perPlayerLimit } from './per-player-limit.ts';
import { authenticateApiKeys } from './api-key-auth.ts';
import { createKeyRateLimiter, type KeyRateLimiter } from './key-rate-limit.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { createLifecycle, type Lifecycle } from '../../lifecycle.ts';
import { commandMetrics } from './command-metrics.ts';
import { requestLog } from './request-log.ts';
import { OPERATOR_PATHS } from './ops-app.ts';
import { refuseControlsInAddress, refuseControlsInBody } from './control-characters.ts';
import type { TrustProxy } from '../../config.ts';

export interface AppOptions {
  clientDir?: string;
  payments: PaymentProvider;
  keyLimiter?: KeyRateLimiter;
  /** The process's drain state (a fresh, never draining one when omitted). */
  lifecycle?: Lifecycle;
  /** Whose X-Forwarded-For to believe (TRUST_PROXY); nobody's when omitted. */
  trustProxy?: TrustProxy;
  /** Called with each request before anything else (the warning about a proxy that forwards no address). */
  inspectPeer?: (req: IncomingMessage) => void;
  /** Reads of the world's cached lists one address may make a minute (WORLD_READS_PER_MINUTE). */
  worldReadsPerMinute?: number;
}

export function createApp(deps: HttpDeps, options: AppOptions): Express {
  const lifecycle = options.lifecycle ?? createLifecycle();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  if (options.inspectPeer) {
    const inspect = options.inspectPeer;
    app.use((req, _res, next) => {
      inspect(req);
      next();
    });
  }
  app.use(securityHeaders({ stripe: options.payments.name === 'stripe' }));
  app.set('etag', 'strong');

  // Never served here, whatever the headers: they live on the operator's listener (OPS_PORT).
  app.use((req, res, next) => {
    if (!OPERATOR_PATHS.test(req.path)) return next();
    res.status(404).json({ message: 'Not found' });
  });
  // A drain waits for the requests under way; while it drains, each answer closes its connection,
  // so the caller's next request goes elsewhere.
  app.use((_req, res, next) => {
    res.once('close', lifecycle.begin());
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    next();
  });

  const api = express.Router();
  api.use(requestLog(deps.log));
  api.use(commandMetrics());
  api.use(refuseControlsInAddress());
  // The world's public lists are most of the API's traffic and are answered from memory: the
  // body parser, the compressor, the session and the other routers have nothing to add to them.
  const worldReads = worldReadRoutes(deps, options.worldReadsPerMinute);
  api.use(unlessKeyed(worldReads));
  api.use(paymentWebhookRoutes(deps, options.payments));
  api.use(express.json({ limit: API_BODY_LIMIT_BYTES }));
  api.use(refuseControlsInBody());
  // Answers kept in memory (the OpenAPI document) arrive already compressed; compression leaves those alone.
  api.use(compression({ threshold: 1024 }));
  api.use(refuseCrossSite(deps.origins));
  api.use(loadSession(deps.sql, deps.clock));
  api.use(authenticateApiKeys(deps.sql, deps.clock, options.keyLimiter ?? createKeyRateLimiter(), deps.limits.doors.unknownApiKey));
  api.use(openApiRoutes());
  api.use(healthRoutes(deps, lifecycle));
  api.use(authRoutes(deps));
  api.use(worldReads);
  for (const [path, { points, seconds }] of Object.entries(PATH_LIMITS)) api.use(path, perPlayerLimit(points, seconds));
  api.use(unsubscribePageRoutes(deps, options.payments));
  // Every command's call, from its entry (schema/commands/registry.ts).
  api.use(commandRoutes(deps, options.payments));
  // Every declared read, from its declaration (schema/reads/registry.ts).
  api.use(readRouter(deps, readBindings(deps, options.payments)));
  api.use(adRoutes(deps));
  api.use(mailRoutes(deps));
  api.use(statementRoutes(deps));
  api.use(allianceCsvRoutes(deps));
  api.use(unknownApiPath());
  api.use(answerErrors(deps.log));

  app.use('/api', api);
  app.use(serveClient(options.clientDir));
  return app;
}
