import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openEmbedded, type Database } from '../infra/db/database.ts';
import { openThrowawayDatabase } from './postgres-admin.ts';

export interface TestBackend {
  name: 'embedded' | 'postgres';
  /** A fresh database, migrated and seeded (test passwords), that only the caller uses. */
  open(): Promise<Database>;
  /** A fresh database with nothing in it: not even the migrations. */
  openEmpty(): Promise<Database>;
}

const embedded: TestBackend = {
  name: 'embedded',
  open: async () => {
    const template = await readFile(inject('pgliteTemplate'));
    return openEmbedded({ loadDataDir: new Blob([template]) });
  },
  openEmpty: () => openEmbedded({}),
};

function createPostgres(template: string | null): Promise<Database> {
  const name = `wanakt_t_${randomBytes(4).toString('hex')}_${inject('runId')}`;
  return openThrowawayDatabase(process.env.TEST_DATABASE_URL!, name, { template, max: 20 });
}

const postgresBackend: TestBackend = {
  name: 'postgres',
  open: () => createPostgres(inject('postgresTemplate')),
  openEmpty: () => createPostgres(null),
};

/** The backends this run can reach: always the embedded one, and PostgreSQL when TEST_DATABASE_URL is set. */
export function testBackends(): TestBackend[] {
  return inject('postgresTemplate') ? [embedded, postgresBackend] : [embedded];
}

/** Real PostgreSQL, for tests of concurrent writers that the single-session embedded database cannot show. */
export function postgresBackendIfReachable(): TestBackend | null {
  return inject('postgresTemplate') ? postgresBackend : null;
}
