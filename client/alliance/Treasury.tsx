import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlliancePageDto } from '../../schema/api/alliances.ts';
import { isOfficer } from '../../schema/rules/alliances.ts';
import { allianceCall, approveAlliancePayout, setAllianceLimit } from '../api.ts';
import { StatementTable } from '../account/StatementTable.tsx';
import { formatDrk } from '../format.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { readQuery } from '../state/query.ts';
import { TradeHoldNotice } from '../hud/TradeHoldNotice.tsx';
import { useAllianceCall } from './useAllianceCall.ts';

// docs/rules.md §4 "Alliances", "Treasury": its figures, deposits, payouts, approvals and statement.

function AmountForm({ label, submit, testId }: { label: string; submit: (amount: number) => Promise<boolean>; testId: string }) {
  const [amount, setAmount] = useState('');
  return (
    <form
      className="button-row"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(Number(amount)).then((done) => done && setAmount(''));
      }}
    >
      <label>
        {label}{' '}
        <input className="input small" type="number" min={0} required value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <button className="button primary" type="submit">
        {label}
      </button>
    </form>
  );
}

function PayoutForm({ page }: { page: AlliancePageDto }) {
  const { pending, run } = useAllianceCall();
  const [to, setTo] = useState(page.members[0]?.username ?? '');
  const [amount, setAmount] = useState('');
  return (
    <form
      className="button-row"
      data-testid="payout-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run('Payout', () => allianceCall(page.alliance.id, 'payouts', { username: to, amount: Number(amount) })).then(
          (done) => done && setAmount(''),
        );
      }}
    >
      <label>
        Pay{' '}
        <select className="input small" value={to} onChange={(event) => setTo(event.target.value)} aria-label="Member to pay">
          {page.members.map((member) => (
            <option key={member.username} value={member.username}>
              {member.username}
            </option>
          ))}
        </select>
      </label>
      <label>
        Amount (DRK){' '}
        <input className="input small" type="number" min={1} required value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <button className="button primary" type="submit" disabled={pending}>
        Pay Out
      </button>
    </form>
  );
}

function Statement({ id }: { id: number }) {
  const statement = useQuery(readQuery('/alliances/:id/statement', { id }));
  return (
    <section className="stack" data-testid="alliance-statement">
      <h3>
        Statement <a href={`/api/alliances/${id}/statement.csv`}>Download CSV</a>
      </h3>
      <StatementTable lines={statement.data?.lines ?? []} />
    </section>
  );
}

export function Treasury({ page }: { page: AlliancePageDto }) {
  const { run } = useAllianceCall();
  const id = page.alliance.id;
  const { treasury, my_role: role } = page;
  return (
    <section className="panel card stack" data-testid="alliance-treasury">
      <h2>Treasury</h2>
      <p>
        Holds <strong data-testid="treasury-balance">{formatDrk(treasury.balance)}</strong>; paid out today {formatDrk(treasury.sent_today)}{' '}
        of a daily limit of <span data-testid="daily-limit">{formatDrk(treasury.daily_limit)}</span> without a second approval.
      </p>
      {role && <TradeHoldNotice action={`deposit into ${page.alliance.name}`} />}
      {role && (
        <AmountForm
          label="Deposit"
          testId="deposit-form"
          submit={(amount) => run('Deposit', () => allianceCall(id, 'deposit', { amount }))}
        />
      )}
      {role === 'leader' && (
        <AmountForm
          label="Set Daily Limit"
          testId="limit-form"
          submit={(amount) => run('Daily limit', () => setAllianceLimit(id, amount))}
        />
      )}
      {isOfficer(role) && <PayoutForm page={page} />}
      {page.payouts.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="payouts">
            <thead>
              <tr>
                <th>To</th>
                <th>Amount</th>
                <th>Asked by</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {page.payouts.map((payout) => (
                <tr key={payout.id} data-testid="payout" data-status={payout.status}>
                  <td>
                    <PlayerLink name={payout.to} />
                  </td>
                  <td>{formatDrk(payout.amount)}</td>
                  <td>{payout.requested_by}</td>
                  <td>
                    {payout.status === 'pending'
                      ? 'waiting for a second officer'
                      : `sent${payout.approved_by ? `, approved by ${payout.approved_by}` : ''}`}
                  </td>
                  <td>
                    {payout.status === 'pending' && isOfficer(role) && (
                      <button
                        className="button small primary"
                        type="button"
                        onClick={() => void run('Payout approved', () => approveAlliancePayout(payout.id))}
                      >
                        Approve
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {role && <Statement id={id} />}
    </section>
  );
}
