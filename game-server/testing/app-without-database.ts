import type { Express } from 'express';
import { createOriginPolicy } from '../domain/auth/origin.ts';
import type { Sql } from '../infra/db/database.ts';
import { createApp } from '../transport/http/app.ts';
import { LiveWorldIndex } from '../domain/world/live-world-index.ts';
import type { HttpDeps } from '../transport/http/deps.ts';
import { createCounterStore } from '../infra/limits/counter-store.ts';
import { createLimits } from '../infra/limits/door-limits.ts';
import { createLogger } from '../infra/logger.ts';
import { createSandboxProvider } from '../domain/payments/sandbox-provider.ts';

/** The REST app as the server builds it, for tests that read its routes: building it touches no database, routers only keep their dependencies. */
export function appWithoutDatabase(): Express {
  const events = { subscribe: () => () => {}, close: async () => {} };
  const deps = {
    sql: undefined,
    database: undefined,
    clock: () => new Date(),
    log: createLogger('error'),
    events,
    limits: createLimits(createCounterStore({ sql: undefined as unknown as Sql })),
    origins: createOriginPolicy(undefined),
    world: new LiveWorldIndex(events, undefined as unknown as Sql),
  } as unknown as HttpDeps;
  return createApp(deps, { payments: createSandboxProvider() });
}
