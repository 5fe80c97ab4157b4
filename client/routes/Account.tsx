import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { StatementTable } from '../account/StatementTable.tsx';
import { LEDGER_REASONS, STATEMENT_MAX_PAGE, type LedgerReason } from '../../schema/api/statement.ts';
import { read } from '../api.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { EmailConfirmationNotice, MailSettings, useEmailConfirmation } from '../account/MailSettings.tsx';
import { PasswordForm } from '../account/PasswordForm.tsx';
import { PushSettings } from '../account/PushSettings.tsx';
import { PlayerOnly } from '../admin/RoleGates.tsx';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { REASON_LABEL } from '../../schema/api/ledger-labels.ts';
import { formatDrk } from '../format.ts';
import { useSession } from '../state/session.ts';
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

function Statement({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<Filters>({ reason: '', month: '' });
  const statement = useInfiniteQuery({
    queryKey: [...queryKeyOf('/account/statement'), userId, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      read('/account/statement', {
        ...Object.fromEntries(filterQuery(filters)),
        limit: STATEMENT_MAX_PAGE,
        cursor: pageParam ?? undefined,
      }),
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
            <StatementTable lines={lines} />
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
  const confirmation = useEmailConfirmation();
  const loggedIn = useSession((state) => state.account !== null);
  return (
    <Screen
      title="Account Statement"
      subtitle="Every DRK that reached or left your account, newest first."
      backLabel="Back to Map"
      testId="account"
    >
      {confirmation && <EmailConfirmationNotice confirmation={confirmation} loggedIn={loggedIn} />}
      {/* A visitor who followed the link is told what became of it, not asked to log in twice. */}
      {(loggedIn || !confirmation) && (
        <PlayerOnly action="see your account statement">
          {(userId) => (
            <>
              <MailSettings userId={userId} />
              <PushSettings userId={userId} />
              <PasswordForm />
              <Statement userId={userId} />
            </>
          )}
        </PlayerOnly>
      )}
    </Screen>
  );
}
