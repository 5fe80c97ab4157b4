import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openPostgres, type Database } from '../db/database.ts';
import { checkInvariants } from '../../domain/economy/supply.ts';
import { startJobs, type Jobs } from '../../jobs/start-jobs.ts';
import { createLogger } from '../logger.ts';
import { waitFor } from '../../testing/test-clients.ts';
import { testBackends } from '../../testing/databases.ts';
import { createPlayer } from '../../testing/players.ts';
import { openThrowawayDatabase } from '../../testing/postgres-admin.ts';
import { restoreDataDir } from './backup.ts';
import { pgToolFor } from './pg-tools.ts';
import { latestBackupAge } from './scheduled-backup.ts';

const log = createLogger('error');

it('reads the backup settings, refusing a schedule that cannot run', () => {
  expect(loadConfig({})).toMatchObject({ BACKUP_CRON: undefined, BACKUP_DIR: './backups', BACKUP_KEEP: 14 });
  expect(loadConfig({ BACKUP_CRON: '30 3 * * *', BACKUP_KEEP: '7' })).toMatchObject({ BACKUP_CRON: '30 3 * * *', BACKUP_KEEP: 7 });
  expect(() => loadConfig({ BACKUP_CRON: 'nightly' })).toThrow('BACKUP_CRON: must be a cron expression');
  expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP');
});

/** Restores a copy somewhere new and runs the ledger invariants there. */
async function restoredInvariants(database: Database, file: string) {
  if (database.kind === 'embedded') {
    const dir = await mkdtemp(join(tmpdir(), 'wanakt-restored-'));
    try {
      return (await restoreDataDir(join(dir, 'data'), await readFile(file), new Date(), checkInvariants)).report;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const restored = await openThrowawayDatabase(process.env.TEST_DATABASE_URL!, `wanakt_restored_${Date.now().toString(36)}`, { max: 1 });
  try {
    const pgRestore = await pgToolFor(database.sql, 'pg_restore');
    const result = spawnSync(pgRestore, ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, file], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return await checkInvariants(restored.sql);
  } finally {
    await restored.close();
  }
}

for (const backend of testBackends()) {
  describe(`scheduled backups on ${backend.name}`, () => {
    it('when BACKUP_CRON fires every two seconds, then each moment is copied once, the copy is checked, only BACKUP_KEEP copies stay, and the newest restores with the ledger invariants OK', async () => {
      const database = await backend.open();
      const dir = await mkdtemp(join(tmpdir(), 'wanakt-backups-'));
      const jobs: Jobs[] = [];
      // On PostgreSQL a second process with the same schedule: each moment is still copied once.
      const second = backend.name === 'postgres' ? await openPostgres(database.url!, { max: 3 }) : null;
      try {
        await createPlayer(database.sql, { balance: 4321, username: 'backed-up' });
        const config = { ...loadConfig({}), BACKUP_CRON: '*/2 * * * * *', BACKUP_DIR: dir, BACKUP_KEEP: 2 };
        for (const process of [database, second].filter((one): one is Database => one !== null)) {
          jobs.push(await startJobs({ sql: process.sql, clock: () => new Date(), log, database: process }, config));
        }
        await waitFor(
          async () => (await database.sql`select count(*)::int as n from backup_runs where ok`)[0].n >= 3,
          'three checked backups',
          120_000,
        );
        await Promise.all(jobs.splice(0).map((job) => job.stop()));

        const runs = await database.sql<{ slot: Date; file: string | null; ok: boolean | null; problem: string | null }[]>`
          select slot, file, ok, problem from backup_runs order by slot`;
        expect(runs.filter((run) => run.ok === false)).toEqual([]);
        expect(new Set(runs.map((run) => run.file)).size).toBe(runs.length);
        const kept = (await readdir(dir)).sort();
        const newest = runs
          .filter((run) => run.ok)
          .slice(-2)
          .map((run) => run.file!.split('/').at(-1));
        expect(kept).toEqual(newest);
        expect(kept[0]).toMatch(backend.name === 'embedded' ? /^wanakt-\d{8}T\d{6}Z\.tar\.gz$/ : /^wanakt-\d{8}T\d{6}Z\.dump$/);

        const report = await restoredInvariants(database, join(dir, kept.at(-1)!));
        expect(report.problems).toEqual([]);
        expect(report.ok).toBe(true);
        const age = await latestBackupAge(database.sql);
        expect(age).not.toBeNull();
        expect(age!).toBeGreaterThanOrEqual(0);
      } finally {
        await Promise.all(jobs.map((job) => job.stop()));
        await second?.close();
        await database.close();
        await rm(dir, { recursive: true, force: true });
      }
    }, 180_000);
  });
}
