import { timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { fromLoopback } from '../loopback.ts';
import { registry } from '../../observability/metrics.ts';

function bearerMatches(req: Request, token: string | undefined): boolean {
  const offered = req.get('authorization')?.match(/^Bearer (.+)$/)?.[1];
  if (!token || !offered) return false;
  const [a, b] = [Buffer.from(offered), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Prometheus's scrape: for a scraper on this machine, or one that holds the metrics token. */
export function metricsRoutes(options: { token?: string }): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (!fromLoopback(req) && !bearerMatches(req, options.token)) {
      res.status(403).json({ message: 'Metrics are served to this machine or with the metrics token only' });
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
