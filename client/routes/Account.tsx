import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LEDGER_REASONS, STATEMENT_MAX_PAGE, type LedgerReason, type StatementPageDto } from '../../schema/api/statement.ts';
import { getPath } from '../api.ts';
import { ConfirmEmailFromLink, MailSettings } from '../account/MailSettings.tsx';
import { PlayerOnly } from '../admin/RoleGates.tsx';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { REASON_LABEL } from '../economy/labels.ts';
import { formatDateTime, formatDrk } from '../format.ts';
import '../economy/economy.css';

interface Filters {
  reason: LedgerReason | '';
  month: string;
}

const isReason = (value: string): value is LedgerReason => (LEDGER_REASONS as readonly string[]).includes(value);

function filterQuery(filters: Filters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.reason) query.set('reason', filters.reason);
  if (filters.month) query.set('month', filters.month);
  return query;
}

const signed = (amount: number) => `${amount > 0 ? '+' : '−'}${formatDrk(Math.abs(amount))}`;

function Statement({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<Filters>({ reason: '', month: '' });
  const statement = useInfiniteQuery({
    queryKey: ['/api/account/statement', userId, filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = filterQuery(filters);
      query.set('limit', String(STATEMENT_MAX_PAGE));
      if (pageParam) query.set('cursor', pageParam);
      return (await getPath<StatementPageDto>(`/api/account/statement?${query}`))!;
    },
    getNextPageParam: (page) => page.next_cursor,
  });
  const pages = statement.data?.pages ?? [];
  const lines = pages.flatMap((page) => page.lines);
  const csv = filterQuery(filters).toString();

  return (
    <>
      <section className="panel card statement-filters" aria-label="Filters">
        <label className="field">
          <span>Reason</span>
          <select
            name="reason"
            value={filters.reason}
            onChange={(event) => setFilters({ ...filters, reason: isReason(event.target.value) ? event.target.value : '' })}
          >
            <option value="">All reasons</option>
            {LEDGER_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {REASON_LABEL[reason]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Month (UTC)</span>
          <input
            name="month"
            type="month"
            value={filters.month}
            onChange={(event) => setFilters({ ...filters, month: event.target.value })}
          />
        </label>
        <a className="button" href={`/api/account/statement.csv${csv ? `?${csv}` : ''}`} download data-testid="statement-csv">
          Download CSV
        </a>
      </section>
      <QueryState queries={[statement]} what="your statement">
        <section className="panel card stack">
          <p data-testid="statement-balance">
            Balance now: <strong>{formatDrk(pages[0]?.balance ?? 0)}</strong>
          </p>
          {lines.length === 0 ? (
            <p className="muted">No movements{csv ? ' match these filters' : ' yet'}.</p>
          ) : (
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
          )}
          {statement.hasNextPage && (
            <button className="button" type="button" disabled={statement.isFetchingNextPage} onClick={() => void statement.fetchNextPage()}>
              {statement.isFetchingNextPage ? 'Loading…' : 'Show older movements'}
            </button>
          )}
        </section>
      </QueryState>
    </>
  );
}

export default function Account() {
  return (
    <Screen
      title="Account Statement"
      subtitle="Every DRK that reached or left your account, newest first."
      backLabel="Back to Map"
      testId="account"
    >
      <ConfirmEmailFromLink />
      <PlayerOnly action="see your account statement">
        {(userId) => (
          <>
            <MailSettings userId={userId} />
            <Statement userId={userId} />
          </>
        )}
      </PlayerOnly>
    </Screen>
  );
}
