import express, { type Express } from 'express';
import type { HttpDeps } from './deps.ts';
import { answerErrors, loadSession, refuseCrossSite, unknownApiPath } from './middleware.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { worldRoutes } from './routes/world.ts';
import { serveClient } from './client-files.ts';

export function createApp(deps: HttpDeps, options: { clientDir?: string } = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  const api = express.Router();
  api.use(express.json({ limit: '64kb' }));
  api.use(refuseCrossSite());
  api.use(loadSession(deps.sql, deps.clock));
  api.use(healthRoutes(deps));
  api.use(authRoutes(deps));
  api.use(worldRoutes(deps));
  api.use(unknownApiPath());
  api.use(answerErrors(deps.log));

  app.use('/api', api);
  app.use(serveClient(options.clientDir));
  return app;
}
