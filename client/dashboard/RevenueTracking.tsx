import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PaymentDueDto } from '../../schema/api/rent.ts';
import type { RentWaterfallDto, RevenueSummaryDto } from '../../schema/api/revenue.ts';
import { ANNUAL_GOAL_USD, annualUsd } from '../../schema/rules/economy.ts';
import { formatDollars, formatDrk } from '../format.ts';
import { Section } from './Section.tsx';
import { PlayerLink } from '../hud/PlayerLink.tsx';

const usd = (dollars: number) => formatDollars(Math.round(dollars * 100));

// Revenue tracking: the month's projection from the same rules the payout uses, the next payment
// due, and this rent period's waterfall. Every figure comes from the server's data.
export function RevenueTracking({ userId }: { userId: string }) {
  const summary = useQuery<RevenueSummaryDto>({ queryKey: ['/api/revenue/summary', userId] });
  const upcoming = useQuery<PaymentDueDto[]>({ queryKey: ['/api/payments/upcoming', userId] });
  const waterfall = useQuery<RentWaterfallDto>({ queryKey: ['/api/payments/waterfall', userId] });
  const next = upcoming.data?.[0];

  return (
    <Section title="Revenue Tracking" testId="revenue-tracking">
      {summary.isError && <p className="form-error">Could not load revenue ({summary.error.message}).</p>}
      {summary.data && (
        <dl className="facts compact" data-testid="revenue-parts">
          <dt>Monthly revenue</dt>
          <dd data-testid="monthly-revenue" data-total>
            {formatDrk(summary.data.total_monthly)}
          </dd>
          <dt>Base</dt>
          <dd data-part>{formatDrk(summary.data.base_revenue)}</dd>
          <dt>Multiplier bonus</dt>
          <dd data-part title="Ownership, upgrade, chain and event multipliers together">
            {formatDrk(summary.data.multiplier_bonus)}
          </dd>
          <dt>Ad revenue</dt>
          <dd data-part>{formatDrk(summary.data.ad_revenue)}</dd>
          <dt>Feudal tribute</dt>
          <dd data-part>{formatDrk(summary.data.feudal_tribute)}</dd>
          <dt>Yearly in USD</dt>
          <dd>
            {usd(annualUsd(summary.data.total_monthly * 12))} <span className="muted">of {usd(ANNUAL_GOAL_USD)} goal</span>
          </dd>
          {summary.data.last_payout && (
            <>
              <dt>Paid {summary.data.last_payout.month}</dt>
              <dd>{formatDrk(summary.data.last_payout.amount)}</dd>
            </>
          )}
        </dl>
      )}
      {waterfall.data && (
        <dl className="facts compact">
          <dt>Rent in ({waterfall.data.period})</dt>
          <dd>{formatDrk(waterfall.data.collects_total)}</dd>
          <dt>Rent out</dt>
          <dd>{formatDrk(waterfall.data.pays_total)}</dd>
          <dt>Net</dt>
          <dd className={waterfall.data.net < 0 ? 'negative' : 'positive'}>{formatDrk(waterfall.data.net)}</dd>
        </dl>
      )}
      <div className="next-payment" data-testid="next-payment">
        {upcoming.isError && <p className="form-error">Could not load payments ({upcoming.error.message}).</p>}
        {upcoming.data &&
          (next ? (
            <p>
              Next payment: <strong>{formatDrk(next.amount)}</strong> to {next.payee_territory_name ?? <PlayerLink name={next.payee_username} />},{' '}
              <span className={next.overdue ? 'negative' : undefined}>{next.label.toLowerCase()}</span>.{' '}
              <Link to="/rent">{next.overdue ? 'Pay Now' : 'Pay Early'}</Link>
            </p>
          ) : (
            <p className="muted">No upcoming payments scheduled.</p>
          ))}
      </div>
    </Section>
  );
}
