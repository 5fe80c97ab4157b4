import postgres from 'postgres';
import { openPostgres, type Database } from '../infra/db/database.ts';

/** A connection to the test server's maintenance database, for creating and dropping databases. */
export function adminConnection(url: string) {
  return postgres(url, { max: 1, onnotice: () => {} });
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates the database `name` on the server `adminUrl` names (a copy of `template` when given) and
 * opens it; its close() also drops it, so a test or benchmark leaves nothing behind.
 */
export async function openThrowawayDatabase(
  adminUrl: string,
  name: string,
  options: { template?: string | null; max?: number } = {},
): Promise<Database> {
  const admin = adminConnection(adminUrl);
  try {
    await admin.unsafe(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(databaseUrl(adminUrl, name), { max: options.max });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = adminConnection(adminUrl);
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
