import type { StatementLineDto } from '../../../schema/api/statement.ts';
import { REASON_LABEL } from '../../../schema/api/ledger-labels.ts';

// `reason` is the code a program filters by; `description` names it as the statement's screen does.
export const STATEMENT_CSV_HEADER = [
  'id',
  'date',
  'reason',
  'description',
  'counterparty',
  'territory',
  'amount',
  'running_balance',
] as const;

// A spreadsheet runs a cell that starts with one of these as a formula; a player chooses their
// name, so text cells get a leading apostrophe, which spreadsheets show as plain text.
const FORMULA_START = /^[=+\-@\t\r]/;

function textCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function quoted(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** RFC 4180 text of a statement: a header, then one line per movement, CRLF-separated. */
export function statementCsv(lines: StatementLineDto[]): string {
  const rows = lines.map((line) => [
    line.id,
    line.created_at,
    line.reason,
    REASON_LABEL[line.reason],
    textCell(line.counterparty),
    textCell(line.territory_name ?? ''),
    String(line.amount),
    String(line.running_balance),
  ]);
  return [STATEMENT_CSV_HEADER, ...rows].map((row) => row.map(quoted).join(',')).join('\r\n') + '\r\n';
}
