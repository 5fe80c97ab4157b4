import fs from 'node:fs';
import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { join, resolve, sep } from 'node:path';

// The embedded database holds every password hash, the backups copy it, and the mail folder holds
// live confirmation and receipt links: none of it is for another user of the machine. umask alone
// does not hold: PGlite's file system chmods each file it creates to 0666 itself, and files made
// before the umask was set or copied from elsewhere keep theirs, so each writer also sets the mode
// itself (docs/operations.md "Files").

/** The process's umask: whatever is created without an explicit mode is the owner's alone. */
export const OWNER_ONLY_UMASK = 0o077;
export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;

interface Found {
  /** Paths under the root (itself included) that the group or others may read, write or enter, with their modes. */
  open: { path: string; mode: number }[];
  /** Files and folders looked at. */
  total: number;
}

/** What under `root` is open to other users of the machine; a root that does not exist holds nothing. */
export async function openToOthers(root: string): Promise<Found> {
  const found: Found = { open: [], total: 0 };
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return;
    found.total++;
    if ((info.mode & 0o077) !== 0) found.open.push({ path, mode: info.mode & 0o777 });
    if (info.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name));
  };
  await visit(root);
  return found;
}

/** Makes every folder under `root` 0700 and every file 0600; answers what was open before. */
export async function makeOwnerOnly(root: string): Promise<Found> {
  const found = await openToOthers(root);
  for (const { path } of found.open) {
    const info = await lstat(path);
    await chmod(path, info.isDirectory() ? OWNER_ONLY_FOLDER : OWNER_ONLY_FILE);
  }
  return found;
}

/**
 * The start-up check: each folder the game writes secrets to is made owner-only, and a folder where
 * anything was open to other users is named in a warning with how much and an example, so the
 * operator knows the files were exposed until now. It fixes rather than refuses: the fix is what any
 * operator would do, and a refusal would keep the game down for a chmod.
 */
export async function checkOwnerOnly(folders: Record<string, string>, warn: (line: string) => void): Promise<void> {
  for (const [setting, path] of Object.entries(folders)) {
    const { open, total } = await makeOwnerOnly(path);
    if (open.length === 0) continue;
    const example = open.find((entry) => entry.path !== path) ?? open[0]!;
    warn(
      `${setting} (${path}): ${open.length} of ${total} files and folders were open to other users of this machine ` +
        `(e.g. ${example.path} was ${example.mode.toString(8).padStart(4, '0')}); made owner-only (0700 folders, 0600 files)`,
    );
  }
}

/** mkdir -p, with the folder made (or left) owner-only. */
export async function ownerOnlyFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: OWNER_ONLY_FOLDER });
  await chmod(path, OWNER_ONLY_FOLDER);
}

/** Writes a file only its owner may read or write, whatever the umask and whatever was there before. */
export async function writeOwnerOnly(path: string, data: Uint8Array | string): Promise<void> {
  await writeFile(path, data, { mode: OWNER_ONLY_FILE });
  await chmod(path, OWNER_ONLY_FILE);
}

const guarded = new Set<string>();

function isGuarded(path: fs.PathLike): boolean {
  if (typeof path !== 'string') return false;
  const absolute = resolve(path);
  for (const root of guarded) if (absolute === root || absolute.startsWith(root + sep)) return true;
  return false;
}

/**
 * Keeps every chmod under `root` owner-only until the returned function is called. PGlite's
 * Emscripten file system runs PostgreSQL with a umask of 0 that nothing outside the WebAssembly
 * module can reach, and chmods each file it creates to 0666 through Node's fs.chmodSync (969 of a
 * fresh cluster's 1,228 entries): that call is the one place to take the group's and others' bits off.
 */
export function guardOwnerOnly(root: string): () => void {
  const absolute = resolve(root);
  if (!chmodGuardInstalled) installChmodGuard();
  guarded.add(absolute);
  return () => guarded.delete(absolute);
}

let chmodGuardInstalled = false;

function installChmodGuard(): void {
  chmodGuardInstalled = true;
  const chmodSync = fs.chmodSync;
  fs.chmodSync = (path: fs.PathLike, mode: fs.Mode) => {
    const numeric = typeof mode === 'string' ? parseInt(mode, 8) : mode;
    chmodSync(path, isGuarded(path) ? numeric & ~0o077 : mode);
  };
  // ESM importers of node:fs see the same function as require('node:fs') does.
  syncBuiltinESMExports();
}
