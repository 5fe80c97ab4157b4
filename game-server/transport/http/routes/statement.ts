import { Router } from 'express';
import { STATEMENT_CSV_MAX_ROWS, StatementCsvQuery } from '../../../../schema/api/statement.ts';
import { statementExport } from '../../../domain/economy/statement.ts';
import { statementCsv } from '../../../domain/economy/statement-csv.ts';
import { byPlayerOrAddress, limitRequests } from '../rate-limit.ts';
import type { HttpDeps } from '../deps.ts';
import { requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';

/** A player's own statement as CSV (its JSON pages are a declared read): the session says whose, so nobody reads another's account. */
export function statementRoutes({ sql, limits }: HttpDeps): Router {
  const router = Router();

  router.get(
    '/account/statement.csv',
    limitRequests(limits.doors.statementExport, byPlayerOrAddress, 'Too many exports.'),
    async (req, res) => {
      const user = requireUser(res);
      const filters = parseBody(StatementCsvQuery, req.query);
      const lines = await statementExport(sql, user.id, filters, STATEMENT_CSV_MAX_ROWS);
      const name = ['statement', filters.month, filters.reason].filter(Boolean).join('-');
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${name}.csv"`);
      res.send(statementCsv(lines));
    },
  );

  return router;
}
