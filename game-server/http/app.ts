import express, { type Express } from 'express';
import type { HttpDeps } from './deps.ts';
import { answerErrors, loadSession, refuseCrossSite, unknownApiPath } from './middleware.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { territoryRoutes } from './routes/territories.ts';
import { userRoutes } from './routes/users.ts';
import { marketRoutes } from './routes/market.ts';
import { currencyRoutes } from './routes/currency.ts';
import { adminRoutes } from './routes/admin.ts';
import { chatRoutes } from './routes/chat.ts';
import { collectibleRoutes } from './routes/collectibles.ts';
import { eventRoutes } from './routes/events.ts';
import { rentRoutes } from './routes/rent.ts';
import { rentCycleRoutes } from './routes/rent-cycle.ts';
import { revenueRoutes } from './routes/revenue.ts';
import { paymentRoutes, paymentWebhookRoutes } from './routes/payments.ts';
import { drkRoutes } from './routes/drk.ts';
import { broadcastRoutes } from './routes/broadcasts.ts';
import { adRoutes } from './routes/ads.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { serveClient } from './client-files.ts';

export function createApp(deps: HttpDeps, options: { clientDir?: string; payments: PaymentProvider }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  const api = express.Router();
  api.use(paymentWebhookRoutes(deps, options.payments));
  api.use(express.json({ limit: '64kb' }));
  api.use(refuseCrossSite());
  api.use(loadSession(deps.sql, deps.clock));
  api.use(healthRoutes(deps));
  api.use(authRoutes(deps));
  api.use(territoryRoutes(deps));
  api.use(userRoutes(deps));
  api.use(currencyRoutes(deps));
  api.use(marketRoutes(deps));
  api.use(adminRoutes(deps));
  api.use(rentRoutes(deps));
  api.use(rentCycleRoutes(deps));
  api.use(revenueRoutes(deps));
  api.use(chatRoutes(deps));
  api.use(eventRoutes(deps));
  api.use(collectibleRoutes(deps));
  api.use(paymentRoutes(deps, options.payments));
  api.use(drkRoutes(deps, options.payments));
  api.use(broadcastRoutes(deps, options.payments));
  api.use(adRoutes(deps, options.payments));
  api.use(unknownApiPath());
  api.use(answerErrors(deps.log));

  app.use('/api', api);
  app.use(serveClient(options.clientDir));
  return app;
}
