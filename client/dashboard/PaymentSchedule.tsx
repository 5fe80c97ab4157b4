import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RentFlowDto } from '../../schema/api/revenue.ts';
import { readQuery } from '../state/query.ts';
import { dueLabel } from '../../schema/rules/rent.ts';
import { formatDrk } from '../format.ts';
import { Section } from './Section.tsx';
import { PlayerLink } from '../hud/PlayerLink.tsx';

const FIRST_SHOWN = 3;

function byDueDate(a: RentFlowDto, b: RentFlowDto): number {
  return (a.due_date ?? '').localeCompare(b.due_date ?? '');
}

// What the Wanakt's vassals owe it this period and when: the payments generated and still unpaid.
export function PaymentSchedule({ wanaktId }: { wanaktId: string }) {
  const waterfall = useQuery(readQuery('/payments/waterfall/:userId', { userId: wanaktId }));
  const due = (waterfall.data?.collects ?? []).filter((flow) => flow.status === 'due' || flow.status === 'overdue').sort(byDueDate);
  const now = new Date();

  return (
    <Section
      title="Payment Schedule"
      testId="payment-schedule"
      action={
        <Link className="link-button" to="/rent">
          All payments
        </Link>
      }
    >
      {waterfall.isError && <p className="form-error">Could not load the schedule ({waterfall.error.message}).</p>}
      {waterfall.data &&
        (due.length === 0 ? (
          <p className="muted empty">No upcoming payments scheduled.</p>
        ) : (
          <ul className="payment-list">
            {due.slice(0, FIRST_SHOWN).map((flow) => (
              <li key={flow.payment_id ?? flow.payer_territory_id}>
                <span>
                  {flow.payer_territory_name}{' '}
                  <span className="muted small">
                    (<PlayerLink name={flow.payer_username} />)
                  </span>
                </span>
                <span>{formatDrk(flow.amount)}</span>
                {flow.due_date && (
                  <span className={flow.status === 'overdue' ? 'negative small' : 'muted small'}>
                    {dueLabel(new Date(flow.due_date), now)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ))}
      {waterfall.data && due.length > FIRST_SHOWN && <p className="muted small">and {due.length - FIRST_SHOWN} more.</p>}
    </Section>
  );
}
