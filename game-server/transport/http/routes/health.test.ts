import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveWorldIndex } from '../../../domain/world/live-world-index.ts';
import type { Database } from '../../../infra/db/database.ts';
import { createLogger } from '../../../infra/logger.ts';
import { createLifecycle } from '../../../lifecycle.ts';
import { postgresBackendIfReachable } from '../../../testing/databases.ts';
import { waitFor } from '../../../testing/test-clients.ts';
import type { HttpDeps } from '../deps.ts';
import { healthRoutes } from './health.ts';

// A process is sent no visitor before it can answer them: its world index loads after it listens
// (at a million territories, a second or two), and /api/ready says 503 until then. The load is held
// back by a lock on the territories that another session takes, as a long migration would.
const backend = postgresBackendIfReachable();

describe.skipIf(!backend)('[readiness] /api/ready waits for the world index', () => {
  let database: Database;
  let server: Server;
  let url: string;
  let blocker: Awaited<ReturnType<Database['sql']['reserve']>>;

  beforeAll(async () => {
    database = await backend!.open();
    blocker = await database.sql.reserve();
    await blocker`begin`;
    await blocker`lock table territories in access exclusive mode`;
    const events = { subscribe: () => () => {}, close: async () => {} };
    const world = new LiveWorldIndex(events, database.sql);
    const deps = { sql: database.sql, database, log: createLogger('error'), world } as unknown as HttpDeps;
    server = createServer(express().use('/api', healthRoutes(deps, createLifecycle())));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await blocker`rollback`.catch(() => undefined);
    blocker.release();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('when the world index has not loaded, then the process is alive but not ready; once it has, then ready', async () => {
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const early = await fetch(`${url}/api/ready`);
    expect(early.status).toBe(503);
    expect(await early.json()).toEqual({ ready: false, draining: false, database: 'ok', world: 'loading' });
    await blocker`commit`;
    const ready = await waitFor(async () => {
      const answer = await fetch(`${url}/api/ready`);
      return answer.status === 200 ? answer.json() : undefined;
    }, 'a ready answer');
    expect(ready).toEqual({ ready: true, draining: false, database: 'ok', world: 'loaded' });
  });
});
