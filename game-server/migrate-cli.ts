import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './infra/db/open-configured.ts';
import { migrate } from './infra/db/migrate.ts';

// npm run migrate: apply pending migrations to the configured database and stop.
const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config, () => new Date());
try {
  const applied = await migrate(database.sql);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Nothing to apply: the database is up to date.');
} finally {
  await database.close();
}
