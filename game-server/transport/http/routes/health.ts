import { Router } from 'express';
import type { Sql } from '../../../infra/db/database.ts';
import type { Lifecycle } from '../../../lifecycle.ts';
import type { HttpDeps } from '../deps.ts';

// A readiness probe must answer even when the database hangs rather than refuses.
const DATABASE_PROBE_MS = 2000;

async function databaseAnswers(sql: Sql): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_PROBE_MS)));
  const probe = sql`select 1`.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/health` says the process is alive (a liveness probe: restart me if this fails). `/ready` says
 * it should get traffic: not while it drains before a restart, nor while its database is away, nor
 * before its world index has loaded (at a million territories a second or two after it listens,
 * and every map view and room join would wait for it).
 */
export function healthRoutes({ sql, database, world }: HttpDeps, lifecycle: Lifecycle): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', database: database.kind });
  });
  router.get('/ready', async (_req, res) => {
    const reachable = lifecycle.draining ? null : await databaseAnswers(sql);
    const loaded = world.loaded;
    const ready = !lifecycle.draining && reachable === true && loaded;
    res.status(ready ? 200 : 503).json({
      ready,
      draining: lifecycle.draining,
      database: reachable === null ? 'not checked' : reachable ? 'ok' : 'unreachable',
      world: loaded ? 'loaded' : 'loading',
    });
  });
  return router;
}
