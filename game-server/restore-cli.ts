import { readFile } from 'node:fs/promises';
import { loadConfig } from './config.ts';
import { OWNER_ONLY_UMASK } from './infra/owner-only.ts';
import { checkInvariants, describeInvariants } from './domain/economy/supply.ts';
import { openPostgres } from './infra/db/database.ts';
import { restoreDataDir } from './infra/backup/backup.ts';

// npm run restore -- file: puts a backup of the embedded database in DATA_DIR (what was there is
// moved aside) and checks its ledger. With DATABASE_URL, after pg_restore: npm run restore checks it.
// The ledger's check is the domain's, handed to the backup module, which knows only databases.
process.umask(OWNER_ONLY_UMASK);
const config = loadConfig(process.env);
const file = process.argv[2];

async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${config.PORT}/api/health`);
    return true;
  } catch {
    return false;
  }
}

let lines: string[];
let ok: boolean;
if (config.DATABASE_URL) {
  const database = await openPostgres(config.DATABASE_URL, { max: 1 });
  try {
    const report = await checkInvariants(database.sql);
    [lines, ok] = [
      [`Checked ${database.location} (restore it with pg_restore first, see docs/operations.md)`, ...describeInvariants(report)],
      report.ok,
    ];
  } finally {
    await database.close();
  }
} else {
  if (!file) {
    console.error('Usage: npm run restore -- <backup file>');
    process.exit(2);
  }
  if (await serverAnswers()) {
    console.error(`A server answers on port ${config.PORT}: stop it before restoring into ${config.DATA_DIR}`);
    process.exit(2);
  }
  const { setAside, report } = await restoreDataDir(config.DATA_DIR, await readFile(file), new Date(), checkInvariants);
  lines = [
    `Restored ${file} into ${config.DATA_DIR}${setAside ? `; the previous data is kept in ${setAside}` : ''}`,
    ...describeInvariants(report),
  ];
  ok = report.ok;
}
for (const line of lines) console.log(line);
process.exit(ok ? 0 : 1);
