import type { RequestHandler } from 'express';
import { commands, commandSeconds, rateLimitRefusals } from '../../infra/observability/metrics.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function resultOf(status: number): 'ok' | 'refused' | 'error' {
  if (status >= 500) return 'error';
  return status >= 400 ? 'refused' : 'ok';
}

/**
 * Counts and times every API call that changes something, named by its route (never by its
 * concrete path, which would make a series per id), and counts the rate limiter's refusals.
 */
export function commandMetrics(): RequestHandler {
  return (req, res, next) => {
    const stopTimer = process.hrtime.bigint();
    res.once('finish', () => {
      const route = req.route?.path ? `/api${String(req.route.path)}` : 'unmatched';
      if (res.statusCode === 429) rateLimitRefusals.inc({ route });
      if (READS.has(req.method)) return;
      const command = `${req.method} ${route}`;
      commands.inc({ command, result: resultOf(res.statusCode) });
      commandSeconds.observe({ command }, Number(process.hrtime.bigint() - stopTimer) / 1e9);
    });
    next();
  };
}
