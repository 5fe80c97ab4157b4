import type { StatementLineDto } from '../../schema/api/statement.ts';
import { REASON_LABEL } from '../../schema/api/ledger-labels.ts';
import { formatDateTime, formatDrk } from '../format.ts';

const signed = (amount: number) => `${amount > 0 ? '+' : '−'}${formatDrk(Math.abs(amount))}`;

/** An account's movements, newest first, as a player's statement and an alliance's treasury show them. */
export function StatementTable({ lines }: { lines: readonly StatementLineDto[] }) {
  return (
    <table className="data-table statement-table" data-testid="statement">
      <thead>
        <tr>
          <th>Date (UTC)</th>
          <th>Reason</th>
          <th>Counterparty</th>
          <th className="number">Amount</th>
          <th className="number">Balance</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} data-testid="statement-line">
            <td>{formatDateTime(line.created_at)}</td>
            <td>
              {REASON_LABEL[line.reason]}
              {line.territory_name && <span className="muted small"> · {line.territory_name}</span>}
            </td>
            <td>{line.counterparty}</td>
            <td className={`number ${line.amount > 0 ? 'credit' : 'debit'}`} data-part>
              {signed(line.amount)}
            </td>
            <td className="number" data-total>
              {formatDrk(line.running_balance)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
