import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadConfig } from './config.ts';
import { OWNER_ONLY_FOLDER, OWNER_ONLY_UMASK, writeOwnerOnly } from './infra/owner-only.ts';
import { backupDataDir, backupFileName, backupFromServer } from './infra/backup/backup.ts';

// npm run backup [-- file]: a consistent copy of the embedded database, from the running server's
// operator port (OPS_PORT) when it runs, else straight from DATA_DIR.
process.umask(OWNER_ONLY_UMASK);
const config = loadConfig(process.env);
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md), e.g.');
  console.error('  pg_dump --format=custom --file=wanakt.dump "$DATABASE_URL"');
  process.exit(2);
}
const file = process.argv[2] ?? backupFileName(new Date());
const urlOf = (host: string, port: number) => {
  const local = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
};
async function serverAnswers(): Promise<boolean> {
  return fetch(`${urlOf(config.HOST, config.PORT)}/api/health`).then(
    () => true,
    () => false,
  );
}
let fromServer: Buffer | null = null;
if (config.OPS_PORT !== undefined) {
  try {
    fromServer = await backupFromServer(urlOf(config.OPS_HOST, config.OPS_PORT), config.OPS_TOKEN);
  } catch (error) {
    // The server's own words: its backup door needs OPS_TOKEN, or another one.
    console.error((error as Error).message);
    process.exit(1);
  }
} else if (await serverAnswers()) {
  // Its data directory is open in the server: a copy taken beside it would be torn.
  console.error(
    `A server answers on port ${config.PORT}, and backups come from its operator port: set OPS_PORT (and OPS_TOKEN) as the server has them`,
  );
  process.exit(2);
}
const copy = fromServer ?? (await backupDataDir(config.DATA_DIR));
// A folder of the operator's choosing keeps its mode; one made here, and the copy, are owner-only.
await mkdir(dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER });
await writeOwnerOnly(file, copy);
console.log(
  `Backup written to ${file} (${copy.length} bytes, ${fromServer ? `from the server's operator port ${config.OPS_PORT}` : `from ${config.DATA_DIR}, no server running`})`,
);
