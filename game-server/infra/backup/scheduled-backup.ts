import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbedded, openPostgres, type Database, type Queryable, type Sql } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { CheckCopy, CopyReport } from './backup.ts';
import { adminUrlOf, pgToolFor } from './pg-tools.ts';
import { OWNER_ONLY_FILE, ownerOnlyFolder, writeOwnerOnly } from '../owner-only.ts';

export interface BackupSchedule {
  /** Where the copies go (BACKUP_DIR). */
  dir: string;
  /** How many copies to keep there (BACKUP_KEEP); older ones are deleted after a good copy. */
  keep: number;
}

export interface BackupDeps {
  sql: Sql;
  clock: () => Date;
  database: Database;
  log: Logger;
  /** What each copy is checked with once written: the ledger's invariants, handed in by the job. */
  check: CheckCopy;
}

export interface BackupOutcome {
  file: string;
  bytes: number;
  report: CopyReport;
}

const COPY_NAME = /^wanakt-\d{8}T\d{6}Z\.(tar\.gz|dump)$/;

/** wanakt-20261123T201500Z.tar.gz (embedded) or .dump (pg_dump's custom format): sortable by time. */
export function copyName(moment: Date, kind: Database['kind']): string {
  const stamp = moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `wanakt-${stamp}.${kind === 'embedded' ? 'tar.gz' : 'dump'}`;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${errors.trim().slice(0, 500)}`)),
    );
  });
}

/** Opens an embedded copy in a directory of its own and checks it. */
async function checkEmbeddedCopy(copy: Blob, check: CheckCopy): Promise<CopyReport> {
  const dir = await mkdtemp(join(tmpdir(), 'wanakt-backup-check-'));
  try {
    const opened = await openEmbedded({ dataDir: dir, loadDataDir: copy });
    try {
      return await check(opened.sql);
    } finally {
      await opened.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Restores a pg_dump copy into a scratch database on the same server, checks it, drops it. */
async function checkPostgresCopy(url: string, file: string, pgRestore: string, check: CheckCopy): Promise<CopyReport> {
  // A name of its own, not the time: two checks in the same millisecond must not share a database.
  const scratch = `wanakt_backup_check_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(adminUrlOf(url), { max: 1 });
  try {
    await admin.sql.unsafe(`create database ${scratch}`);
    const target = new URL(url);
    target.pathname = `/${scratch}`;
    try {
      await run(pgRestore, ['--no-owner', '--exit-on-error', `--dbname=${target}`, file]);
      const restored = await openPostgres(target.toString(), { max: 1 });
      try {
        return await check(restored.sql);
      } finally {
        await restored.close();
      }
    } finally {
      await admin.sql.unsafe(`drop database if exists ${scratch} with (force)`);
    }
  } finally {
    await admin.close();
  }
}

/**
 * Writes the copy to `path`; a copy that could not be written whole (a full disk) is deleted, so a
 * half file neither passes for a backup nor keeps the disk full for the next one.
 */
async function writeWhole(path: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    await rm(path, { force: true });
    throw new Error(`The backup ${path} could not be written: ${(error as Error).message}`, { cause: error });
  }
}

async function writeCopy(database: Database, path: string, check: CheckCopy): Promise<CopyReport> {
  if (database.kind === 'embedded') {
    const copy = await database.dump!();
    const bytes = new Uint8Array(await copy.arrayBuffer());
    await writeWhole(path, () => writeOwnerOnly(path, bytes));
    return checkEmbeddedCopy(copy, check);
  }
  const [pgDump, pgRestore] = await Promise.all([pgToolFor(database.sql, 'pg_dump'), pgToolFor(database.sql, 'pg_restore')]);
  await writeWhole(path, () => run(pgDump, ['--format=custom', `--file=${path}`, database.url!]));
  await chmod(path, OWNER_ONLY_FILE);
  return checkPostgresCopy(database.url!, path, pgRestore, check);
}

/** Deletes the oldest copies in `dir` beyond the newest `keep`. */
async function prune(dir: string, keep: number): Promise<string[]> {
  const copies = (await readdir(dir)).filter((name) => COPY_NAME.test(name)).sort();
  const old = copies.slice(0, Math.max(0, copies.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

/**
 * The backup for one scheduled moment: taken by the process that claims the moment first (the
 * others return null), written to the schedule's directory, opened again and checked with
 * `deps.check`, recorded in backup_runs; then the oldest copies beyond `keep` are deleted.
 * Rejects when the copy could not be made or failed its check (the copy is kept, for a look).
 */
export async function runScheduledBackup(deps: BackupDeps, schedule: BackupSchedule, slot: Date): Promise<BackupOutcome | null> {
  const claimed = await deps.sql`
    insert into backup_runs (slot, started_at) values (${slot}, ${deps.clock()}) on conflict (slot) do nothing returning slot`;
  if (claimed.length === 0) return null;
  await ownerOnlyFolder(schedule.dir);
  const file = join(schedule.dir, copyName(slot, deps.database.kind));
  try {
    const report = await writeCopy(deps.database, file, deps.check);
    const bytes = existsSync(file) ? (await stat(file)).size : 0;
    const problem = report.ok ? null : report.problems.join('; ').slice(0, 2000);
    await deps.sql`
      update backup_runs set finished_at = ${deps.clock()}, file = ${file}, bytes = ${bytes}, ok = ${report.ok}, problem = ${problem}
      where slot = ${slot}`;
    if (!report.ok) throw new Error(`The backup ${file} fails the ledger invariants: ${problem}`);
    const removed = await prune(schedule.dir, schedule.keep);
    deps.log.info(
      `Backup ${file} written (${bytes} bytes) and checked: ledger invariants OK${removed.length ? `; removed ${removed.join(', ')}` : ''}`,
    );
    return { file, bytes, report };
  } catch (error) {
    await deps.sql`
      update backup_runs set finished_at = ${deps.clock()}, ok = false, problem = ${String((error as Error).message).slice(0, 2000)}
      where slot = ${slot} and ok is null`;
    throw error;
  }
}

/** Seconds since the newest backup that was written and passed its check (the database's clock); null when there is none. */
export async function latestBackupAge(sql: Queryable): Promise<number | null> {
  const [row] = await sql<{ age: number | null }[]>`
    select extract(epoch from now() - max(finished_at))::float8 as age from backup_runs where ok`;
  return row?.age ?? null;
}
