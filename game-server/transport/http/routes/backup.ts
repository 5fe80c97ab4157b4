import { Router } from 'express';
import type { Database } from '../../../infra/db/database.ts';
import type { Logger } from '../../../infra/logger.ts';

/**
 * The embedded database's consistent copy while the server runs (npm run backup asks for it):
 * PGlite dumps its data directory between two queries, as a crash-consistent snapshot that
 * PostgreSQL's recovery opens at the last commit. A copy holds everything, password hashes and
 * sessions included: it is served on the operator's listener only (see http/ops-app.ts).
 */
export function backupRoutes(database: Database, log: Logger): Router {
  const router = Router();
  router.get('/ops/backup', async (_req, res) => {
    if (!database.dump) {
      res.status(409).json({ message: 'This server runs on PostgreSQL: back it up with pg_dump (see docs/operations.md)' });
      return;
    }
    try {
      await database.sql`checkpoint`;
      const copy = Buffer.from(await (await database.dump()).arrayBuffer());
      res.type('application/gzip').setHeader('Content-Disposition', 'attachment; filename="wanakt-backup.tar.gz"');
      res.send(copy);
    } catch (error) {
      log.error('The backup failed', error);
      res.status(500).json({ message: 'The backup failed; see the server log' });
    }
  });
  return router;
}
