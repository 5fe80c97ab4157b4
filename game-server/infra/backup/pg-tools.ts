import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Sql } from '../db/database.ts';

/**
 * pg_dump or pg_restore of the server's major version (Debian's postgresql-client-N installs it
 * under /usr/lib/postgresql/N/bin), else the one on PATH when it is at least as new: an older
 * pg_dump refuses a newer server.
 */
export async function pgToolFor(sql: Sql, tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  const [{ server_version_num }] = await sql<{ server_version_num: string }[]>`show server_version_num`;
  const major = Math.floor(Number(server_version_num) / 10000);
  const versioned = `/usr/lib/postgresql/${major}/bin/${tool}`;
  if (existsSync(versioned)) return versioned;
  const onPath = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  const found = Number(onPath.stdout?.match(/(\d+)(\.\d+)+/)?.[1]);
  if (onPath.status === 0 && found >= major) return tool;
  throw new Error(
    `No ${tool} for PostgreSQL ${major} on this machine: install postgresql-client-${major} (apt-get install postgresql-client-${major})`,
  );
}

/** The same server's maintenance database (postgres), for creating and dropping a scratch database. */
export function adminUrlOf(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}
