import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadConfig } from '../config.ts';
import { backupDataDir, backupFileName, backupFromServer } from './backup.ts';

// npm run backup [-- file]: a consistent copy of the embedded database, from the running server
// when there is one on PORT, else straight from DATA_DIR.
const config = loadConfig(process.env);
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md), e.g.');
  console.error('  pg_dump --format=custom --file=wanakt.dump "$DATABASE_URL"');
  process.exit(2);
}
const file = process.argv[2] ?? backupFileName(new Date());
const host = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
const fromServer = await backupFromServer(`http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`);
const copy = fromServer ?? (await backupDataDir(config.DATA_DIR));
await mkdir(dirname(file), { recursive: true });
await writeFile(file, copy);
console.log(`Backup written to ${file} (${copy.length} bytes, ${fromServer ? `from the server on port ${config.PORT}` : `from ${config.DATA_DIR}, no server running`})`);
