import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PaymentDueDto } from '../../schema/api/rent.ts';
import { readQuery } from '../state/query.ts';
import { MAIN_CITY_RENT, SUB_TERRITORY_RENT } from '../../schema/constants.ts';
import { FEUDAL_SHARE, RENT_DUE_DAYS, RENT_PERIOD_MONTHS } from '../../schema/rules/rent.ts';
import { generateRent, payRent, serverMessageOr } from '../api.ts';
import { PlayerOnly } from '../admin/RoleGates.tsx';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { formatDate, formatDrk, plural } from '../format.ts';
import { typeName } from '../../schema/display-names.ts';
import { useHierarchy } from '../hud/hierarchy.ts';
import { flattenHierarchy } from '../../schema/rules/feudal.ts';
import { rentLine } from '../feudalFigures.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { goLive } from '../state/world.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { ConfirmSpend } from '../hud/ConfirmSpend.tsx';
import { balanceOf, useAccount } from '../hud/territoryHooks.ts';

function RentStructure() {
  const { village, town, city } = FEUDAL_SHARE;
  const flows = [
    { from: typeName('main'), to: 'the Wanakt', amount: formatDrk(MAIN_CITY_RENT) },
    { from: typeName('sub'), to: 'its main city', amount: formatDrk(SUB_TERRITORY_RENT) },
    { from: typeName('city'), to: 'its main city', amount: `${city?.percent}% of revenue` },
    { from: typeName('town'), to: 'its city', amount: `${town?.percent}% of revenue` },
    { from: typeName('village'), to: 'its town', amount: `${village?.percent}% of revenue` },
  ];
  return (
    <section className="panel card stack" aria-labelledby="structure-heading" data-testid="rent-structure">
      <h2 id="structure-heading">Rent Structure</h2>
      <p className="muted small">
        Rent flows up the feudal chain and falls due every {RENT_PERIOD_MONTHS} months. Rent to an unowned lord goes to nobody: no payment
        is billed.
      </p>
      <ul className="breakdown">
        {flows.map((flow) => (
          <li key={flow.from}>
            <span>
              {flow.from} → {flow.to}
            </span>
            <strong>{flow.amount}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface PaymentListProps {
  payments: readonly PaymentDueDto[];
  userId: string;
  busyId: number | null;
  /** The payment whose confirmation is open, if any. */
  askingId: number | null;
  balance: number;
  onAsk: (payment: PaymentDueDto | null) => void;
  onPay: (payment: PaymentDueDto) => void;
}

function PaymentList({ payments, userId, busyId, askingId, balance, onAsk, onPay }: PaymentListProps) {
  return (
    <ul className="item-list">
      {payments.map((payment) => (
        <li className="item" key={payment.id} data-tone={payment.overdue ? 'overdue' : undefined} data-testid="rent-payment">
          <div className="item-main">
            <strong>
              {payment.payer_territory_name} → {payment.payee_territory_name ?? <PlayerLink name={payment.payee_username} />}
            </strong>
            <span className="muted small">
              {payment.payment_type === 'sub_rent' ? `${typeName('sub')} rent` : 'Rent'} · period {payment.period} · due{' '}
              {formatDate(payment.due_date)}
              {payment.payer_id !== userId && (
                <>
                  {' · owed by '}
                  <PlayerLink name={payment.payer_username} />
                </>
              )}
            </span>
          </div>
          <div className="row">
            <span className="badge" data-tone={payment.overdue ? 'bad' : 'info'}>
              {payment.label}
            </span>
            <strong>{formatDrk(payment.amount)}</strong>
            {payment.payer_id === userId && askingId !== payment.id && (
              <button
                className={`button small ${payment.overdue ? 'danger' : 'primary'}`}
                type="button"
                disabled={busyId !== null}
                onClick={() => onAsk(payment)}
              >
                {payment.overdue ? 'Pay Now' : 'Pay Early'}
              </button>
            )}
          </div>
          {askingId === payment.id && (
            <ConfirmSpend
              what={`Pay ${formatDrk(payment.amount)} of rent for ${payment.payer_territory_name} (period ${payment.period}) to ${payment.payee_territory_name ?? payment.payee_username}?`}
              cost={payment.amount}
              balance={balance}
              confirmLabel="Confirm payment"
              pending={busyId === payment.id}
              onConfirm={() => onPay(payment)}
              onBack={() => onAsk(null)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * This period's rent of the player's territories, whether billed yet or not: to whom, how much and
 * when, from the same rule the rent cycle bills (the waterfall), and the territories whose rent
 * goes to nobody because their lord is unowned.
 */
function ThisPeriod({ userId }: { userId: string }) {
  const waterfall = useQuery(readQuery('/payments/waterfall/:userId', { userId }));
  const hierarchy = useHierarchy();
  const toNobody = flattenHierarchy(hierarchy.data ?? []).filter((node) => node.owner_id === userId && node.paysNobody);
  return (
    <section className="stack" aria-labelledby="period-heading" data-testid="period-rent">
      <h2 id="period-heading">Your Rent This Period{waterfall.data ? ` (${waterfall.data.period})` : ''}</h2>
      <QueryState queries={[waterfall]} what="this period's rent">
        {waterfall.data?.pays.length === 0 && toNobody.length === 0 && (
          <p className="empty-state">None of your territories owes rent this period.</p>
        )}
        <ul className="item-list">
          {waterfall.data?.pays.map((flow) => (
            <li
              className="item"
              key={flow.payer_territory_id}
              data-testid="period-rent-flow"
              data-territory={flow.payer_territory_name}
              data-amount={flow.amount}
            >
              <div className="item-main">
                <strong>
                  {flow.payer_territory_name} → <PlayerLink name={flow.payee_username} />
                </strong>
                <span className="muted small">
                  {flow.status === 'projected'
                    ? `Billed at the next rent cycle, then due within ${plural(RENT_DUE_DAYS, 'day')}`
                    : flow.status === 'paid'
                      ? 'Paid'
                      : `Due ${flow.due_date ? formatDate(flow.due_date) : ''}`}
                </span>
              </div>
              <strong>{formatDrk(flow.amount)}</strong>
            </li>
          ))}
          {toNobody.map((node) => (
            <li className="item" key={node.id} data-testid="period-rent-flow" data-territory={node.name} data-amount={0}>
              <div className="item-main">
                <strong>{node.name}</strong>
                <span className="muted small">{rentLine(node)}</span>
              </div>
              <strong>{formatDrk(0)}</strong>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

function RentCollection({ userId }: { userId: string }) {
  const isWanakt = useSession((state) => state.account?.is_wanakt ?? false);
  const overdue = useQuery(readQuery('/rent/overdue'));
  const upcoming = useQuery(readQuery('/payments/upcoming/:userId', { userId }));
  const [busyId, setBusyId] = useState<number | null>(null);
  // No DRK moves without a confirmation: Pay opens a confirmation with the balance before and after; only its button pays.
  const [asking, setAsking] = useState<PaymentDueDto | null>(null);
  const balance = balanceOf(useAccount());
  const [generating, setGenerating] = useState(false);

  // The room sends the player's figures after every payment and rent cycle that concerns them,
  // and those figures bring these reads up to date (state/live-facts.ts).
  useEffect(goLive, []);

  async function pay(payment: PaymentDueDto) {
    setBusyId(payment.id);
    try {
      const { message } = await payRent(payment.id);
      showToast({ title: 'Rent Paid', description: message });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Payment Failed', description: serverMessageOr(error, 'Unable to pay rent') });
    } finally {
      setBusyId(null);
      setAsking(null);
    }
  }

  async function generate() {
    setGenerating(true);
    try {
      const { period, created } = await generateRent();
      showToast({
        title: 'Rent Cycle Generated',
        description: `${plural(created, 'new payment')} for period ${period}${created === 0 ? ': every owed rent was billed already, and rent to an unowned lord goes to nobody' : ''}`,
      });
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Generation Failed',
        description: serverMessageOr(error, 'Unable to generate the rent cycle'),
      });
    } finally {
      setGenerating(false);
    }
  }

  const notYetDue = upcoming.data?.filter((payment) => !payment.overdue) ?? [];

  return (
    <>
      {isWanakt && (
        <section className="panel card spread" data-testid="rent-generate">
          <div className="item-main">
            <h2>Rent Cycle</h2>
            <span className="muted small">Creates this period's payments for every owned territory; a period is never charged twice.</span>
          </div>
          <button className="button primary" type="button" disabled={generating} onClick={generate}>
            {generating ? 'Generating…' : 'Generate Rent Cycle'}
          </button>
        </section>
      )}
      <div className="two-columns">
        <RentStructure />
        <div className="stack">
          <ThisPeriod userId={userId} />
          <section className="stack" aria-labelledby="overdue-heading" data-testid="overdue-payments">
            <h2 id="overdue-heading">Overdue Payments{isWanakt ? ' (whole realm)' : ''}</h2>
            <QueryState queries={[overdue]} what="overdue payments">
              {overdue.data?.length === 0 ? (
                <p className="empty-state">No overdue payments. Every debt is settled.</p>
              ) : (
                <PaymentList
                  payments={overdue.data ?? []}
                  userId={userId}
                  busyId={busyId}
                  askingId={asking?.id ?? null}
                  balance={balance}
                  onAsk={setAsking}
                  onPay={pay}
                />
              )}
            </QueryState>
          </section>
          <section className="stack" aria-labelledby="upcoming-heading" data-testid="upcoming-payments">
            <h2 id="upcoming-heading">Upcoming Payments</h2>
            <QueryState queries={[upcoming]} what="upcoming payments">
              {notYetDue.length === 0 ? (
                <p className="empty-state">No upcoming rent payments</p>
              ) : (
                <PaymentList
                  payments={notYetDue}
                  userId={userId}
                  busyId={busyId}
                  askingId={asking?.id ?? null}
                  balance={balance}
                  onAsk={setAsking}
                  onPay={pay}
                />
              )}
            </QueryState>
          </section>
        </div>
      </div>
    </>
  );
}

export default function Rent() {
  return (
    <Screen title="Rent Collection" subtitle="What you owe your overlords, and when" backLabel="Back to Map" testId="rent">
      <PlayerOnly action="see and pay your rent">{(userId) => <RentCollection userId={userId} />}</PlayerOnly>
    </Screen>
  );
}
