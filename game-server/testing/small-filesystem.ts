import { execFile } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A filesystem of its own that a test can fill to the last page and empty again. */
export interface SmallFilesystem {
  path: string;
  /** Writes a filler file until the filesystem refuses another byte (ENOSPC). */
  fill(): Promise<void>;
  /** Deletes the filler: the room is back. */
  free(): Promise<void>;
  remove(): Promise<void>;
}

const FILLER = '.filler';

/**
 * A tmpfs of `bytes` mounted on a fresh folder, as a full disk under DATA_DIR or BACKUP_DIR looks to
 * the game; null where this user may not mount one (not root, or a container without the right).
 */
export async function mountSmallFilesystem(bytes: number): Promise<SmallFilesystem | null> {
  const path = await mkdtemp(join(tmpdir(), 'wanakt-small-fs-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', path]);
  } catch {
    await rm(path, { recursive: true, force: true });
    return null;
  }
  const filler = join(path, FILLER);
  return {
    path,
    async fill() {
      const handle = await open(filler, 'a');
      try {
        // Large writes first, then pages, until not even one page is left.
        for (const size of [1 << 20, 4096]) {
          const chunk = Buffer.alloc(size);
          try {
            for (;;) await handle.write(chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        await handle.close();
      }
    },
    free: () => rm(filler, { force: true }),
    async remove() {
      await run('umount', [path]).catch(() => run('umount', ['-l', path]));
      await rm(path, { recursive: true, force: true });
    },
  };
}
