import { randomBytes } from 'node:crypto';
import type { Database } from '../../game-server/infra/db/database.ts';
import { openThrowawayDatabase } from '../../game-server/testing/postgres-admin.ts';

/** A fresh, empty database for one benchmark run on the server `adminUrl` names; close() drops it. */
export function openScratchDatabase(adminUrl: string, options: { max?: number } = {}): Promise<Database> {
  return openThrowawayDatabase(adminUrl, `wanakt_bench_${randomBytes(4).toString('hex')}`, options);
}
