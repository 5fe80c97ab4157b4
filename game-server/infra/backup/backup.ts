import { existsSync } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import { openEmbedded, type Queryable } from '../db/database.ts';

/** What checking a copy found: whether it holds, and what is wrong when it does not. */
export interface CopyReport {
  ok: boolean;
  problems: string[];
}

/**
 * How a restored copy is checked: the ledger's invariants (domain/economy/supply.ts), handed in
 * by the job or the command-line entry that composes this module with the game, since infra/
 * imports nothing above it (docs/design.md "Layers").
 */
export type CheckCopy<Report extends CopyReport = CopyReport> = (sql: Queryable) => Promise<Report>;

/** backups/wanakt-20261123T201500Z.tar.gz: sortable, and safe in any file system. */
export function backupFileName(now: Date): string {
  return `backups/wanakt-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

/**
 * Asks the server running on this machine for a copy of its embedded database, on its operator
 * port (with OPS_TOKEN when it has one). Resolves null when no server listens there, so the caller
 * may open the data directory itself.
 */
export async function backupFromServer(opsUrl: string, token?: string): Promise<Buffer | null> {
  let response: Response;
  try {
    response = await fetch(`${opsUrl}/ops/backup`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw error;
  }
  if (!response.ok)
    throw new Error(`The server refused the backup: ${response.status} ${(await response.json().catch(() => ({}))).message ?? ''}`);
  return Buffer.from(await response.arrayBuffer());
}

/** A copy of an embedded data directory that no server has open. */
export async function backupDataDir(dataDir: string): Promise<Buffer> {
  if (!existsSync(`${dataDir}/PG_VERSION`)) throw new Error(`${dataDir} holds no database`);
  const database = await openEmbedded({ dataDir });
  try {
    return Buffer.from(await (await database.dump!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

export interface Restored<Report extends CopyReport> {
  /** Where the data directory that was there before now is, if there was one. */
  setAside: string | null;
  report: Report;
}

/**
 * Restores a copy into `dataDir` for the next start, after moving whatever was there aside (never
 * deleting it), and checks what it restored with `check`.
 */
export async function restoreDataDir<Report extends CopyReport>(
  dataDir: string,
  copy: Buffer,
  now: Date,
  check: CheckCopy<Report>,
): Promise<Restored<Report>> {
  let setAside: string | null = null;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    setAside = `${dataDir.replace(/\/+$/, '')}.before-restore-${now.getTime()}`;
    await rename(dataDir, setAside);
  }
  const database = await openEmbedded({ dataDir, loadDataDir: new Blob([new Uint8Array(copy)]) });
  try {
    return { setAside, report: await check(database.sql) };
  } finally {
    await database.close();
  }
}
