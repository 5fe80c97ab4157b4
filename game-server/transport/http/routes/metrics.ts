import { Router } from 'express';
import { registry } from '../../../infra/observability/metrics.ts';

/** Prometheus's scrape, served on the operator's listener only (see http/ops-app.ts). */
export function metricsRoutes(): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
