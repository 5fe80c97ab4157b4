import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transaction, type Sql, waitForTurnsFreely } from './database.ts';

export const MIGRATIONS_DIR = new URL('../../../migrations/', import.meta.url).pathname;

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 7_310_001;

interface MigrationFile {
  version: number;
  name: string;
  text: string;
  checksum: string;
}

async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8');
    files.push({
      version: Number(name.slice(0, 4)),
      name,
      text,
      checksum: createHash('sha256').update(text).digest('hex'),
    });
  }
  files.forEach((file, index) => {
    if (index > 0 && file.version === files[index - 1].version) throw new Error(`Two migrations share version ${file.version}`);
  });
  return files;
}

/**
 * Applies every migration not yet recorded, in order, all in one transaction under an advisory
 * lock: a second process starting at the same moment waits and then finds nothing left to do.
 * Returns the names applied now.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await readMigrations(dir);
  return transaction(sql, async (tx) => {
    await waitForTurnsFreely(tx);
    await tx`set local statement_timeout = 0`;
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`;
    const applied = await tx<{ version: number; name: string; checksum: string }[]>`
      select version, name, checksum from schema_migrations order by version`;
    for (const row of applied) {
      const file = files.find((candidate) => candidate.version === row.version);
      if (!file) throw new Error(`Migration ${row.name} is recorded in the database but its file is missing`);
      if (file.checksum !== row.checksum) {
        throw new Error(`Migration ${row.name} was changed after it was applied; add a new migration instead`);
      }
    }
    const pending = files.filter((file) => !applied.some((row) => row.version === file.version));
    const newestApplied = applied.at(-1)?.version ?? 0;
    const late = pending.find((file) => file.version < newestApplied);
    if (late) throw new Error(`Migration ${late.name} is older than one already applied; give it a newer number`);
    for (const file of pending) {
      await tx.unsafe(file.text);
      await tx`insert into schema_migrations (version, name, checksum) values (${file.version}, ${file.name}, ${file.checksum})`;
    }
    return pending.map((file) => file.name);
  });
}
