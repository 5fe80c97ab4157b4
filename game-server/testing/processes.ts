import { afterEach, beforeEach } from 'vitest';
import { openPostgres, type Database } from '../db/database.ts';
import type { DomainEvent, EventBus } from '../events/domain-events.ts';
import type { TestBackend } from './databases.ts';

/** An event bus that keeps what was published, in order, for a test to read at once. */
export function recordingBus(): EventBus & { events: DomainEvent[] } {
  const events: DomainEvent[] = [];
  return { events, publish: (event) => events.push(event), subscribe: () => () => {}, close: async () => {} };
}

export interface Processes {
  /** A fresh migrated and seeded database, for setting up and checking. */
  database: Database;
  /** Pools of their own on that database: each stands for one game-server process. */
  pools: Database[];
}

/**
 * Registers hooks that give each test a fresh database and `count` separate pools on it, as
 * several processes sharing one PostgreSQL would have. Call inside a describe of a real server.
 */
export function separateProcesses(backend: TestBackend, count: number): Processes {
  const processes = { pools: [] } as unknown as Processes;
  beforeEach(async () => {
    processes.database = await backend.open();
    for (let i = 0; i < count; i++) processes.pools.push(await openPostgres(processes.database.url!, { max: 3 }));
  });
  afterEach(async () => {
    for (const pool of processes.pools.splice(0)) await pool.close();
    await processes.database.close();
  });
  return processes;
}
