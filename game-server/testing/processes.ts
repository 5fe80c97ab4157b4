import { afterEach, beforeEach } from 'vitest';
import { openPostgres, type Database } from '../infra/db/database.ts';
import type { Queryable } from '../infra/db/database.ts';
import type { DomainEvent } from '../infra/events/domain-events.ts';
import { readOutbox } from '../infra/events/outbox.ts';
import type { TestBackend } from './databases.ts';

/** The events committed to the outbox after number `after`, in order. */
export async function committedEvents(sql: Queryable, after = 0): Promise<DomainEvent[]> {
  return (await readOutbox(sql, after, 100_000)).map((row) => row.event);
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
