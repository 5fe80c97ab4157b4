import { existsSync } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import { checkInvariants, type InvariantReport } from '../../domain/economy/supply.ts';
import { openEmbedded } from '../db/database.ts';

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

export interface Restored {
  /** Where the data directory that was there before now is, if there was one. */
  setAside: string | null;
  report: InvariantReport;
}

/**
 * Restores a copy into `dataDir` for the next start, after moving whatever was there aside (never
 * deleting it), and checks the ledger invariants of what it restored.
 */
export async function restoreDataDir(dataDir: string, copy: Buffer, now: Date): Promise<Restored> {
  let setAside: string | null = null;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    setAside = `${dataDir.replace(/\/+$/, '')}.before-restore-${now.getTime()}`;
    await rename(dataDir, setAside);
  }
  const database = await openEmbedded({ dataDir, loadDataDir: new Blob([new Uint8Array(copy)]) });
  try {
    return { setAside, report: await checkInvariants(database.sql) };
  } finally {
    await database.close();
  }
}

/** The lines a person reads after a restore or a check. */
export function describeInvariants(report: InvariantReport): string[] {
  const { supply, balances } = report;
  const figures = `total supply ${supply.total_supply}, circulating ${supply.circulating_supply}, balances ${balances}`;
  if (report.ok) return [`Ledger invariants: OK (${figures})`];
  return [`Ledger invariants: BROKEN (${figures})`, ...report.problems.map((problem) => `  ${problem}`)];
}
