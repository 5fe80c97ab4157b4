import { Router } from 'express';
import { IdParam } from '../../../../schema/api/ids.ts';
import { STATEMENT_CSV_MAX_ROWS, StatementCsvQuery } from '../../../../schema/api/statement.ts';
import { treasuryFor } from '../../../domain/alliances/alliance-reads.ts';
import { statementExport } from '../../../domain/economy/statement.ts';
import { statementCsv } from '../../../domain/economy/statement-csv.ts';
import type { HttpDeps } from '../deps.ts';
import { byPlayerOrAddress, limitRequests } from '../rate-limit.ts';
import { requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';

const AllianceId = IdParam('Alliance id');

/** docs/rules.md §4 "Alliances": a treasury's statement as CSV, which is not JSON, so not a declared read (docs/design.md "Reads"). */
export function allianceCsvRoutes({ sql, limits }: HttpDeps): Router {
  const router = Router();
  router.get(
    '/alliances/:id/statement.csv',
    limitRequests(limits.doors.statementExport, byPlayerOrAddress, 'Too many exports.'),
    async (req, res) => {
      const id = parseBody(AllianceId, req.params.id);
      const filters = parseBody(StatementCsvQuery, req.query);
      const treasury = await treasuryFor(sql, id, requireUser(res).id);
      const lines = await statementExport(sql, treasury, filters, STATEMENT_CSV_MAX_ROWS);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="alliance-${id}-statement.csv"`);
      res.send(statementCsv(lines));
    },
  );
  return router;
}
