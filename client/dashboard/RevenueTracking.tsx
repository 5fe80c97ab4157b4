import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { readQuery } from '../state/query.ts';
import { ANNUAL_GOAL_USD, annualUsd, USD_PER_DRK } from '../../schema/rules/economy.ts';
import { formatDollars, formatDrk, formatMonth } from '../format.ts';
import { Section } from './Section.tsx';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { FigureFact, FigureName } from '../hud/FigureName.tsx';

const usd = (dollars: number) => formatDollars(Math.round(dollars * 100));

// A bare "of $350.00 goal" left a player asking whose goal and which dollars.
const GOAL_EXPLAINED = `Your monthly earnings for a year, at the game's $${USD_PER_DRK} per DRK, beside the ${usd(ANNUAL_GOAL_USD)} a year the game sets every player as a yardstick (not a promise). Revenue, Analytics, Projections shows what would reach it.`;

// Revenue tracking: the month's projection from the same rules the payout uses, the next payment
// due, and this rent period's waterfall. Every figure comes from the server's data.
export function RevenueTracking({ userId }: { userId: string }) {
  const summary = useQuery(readQuery('/revenue/summary/:userId', { userId }));
  const upcoming = useQuery(readQuery('/payments/upcoming/:userId', { userId }));
  const waterfall = useQuery(readQuery('/payments/waterfall/:userId', { userId }));
  const next = upcoming.data?.[0];

  return (
    <Section title="Revenue Tracking" testId="revenue-tracking">
      {summary.isError && <p className="form-error">Could not load revenue ({summary.error.message}).</p>}
      {summary.data && (
        <dl className="facts compact" data-testid="revenue-parts">
          <dt>
            <FigureName figure="monthly_earnings" />
          </dt>
          <dd data-testid="monthly-revenue" data-total data-figure="monthly_earnings">
            {formatDrk(summary.data.total_monthly)}
          </dd>
          <FigureFact figure="base_revenue" part>
            {formatDrk(summary.data.base_revenue)}
          </FigureFact>
          <FigureFact figure="multiplier_bonus" part>
            {formatDrk(summary.data.multiplier_bonus)}
          </FigureFact>
          <FigureFact figure="ad_revenue" part>
            {formatDrk(summary.data.ad_revenue)}
          </FigureFact>
          <FigureFact figure="tribute">{formatDrk(summary.data.feudal_tribute)}</FigureFact>
          <dt>
            <span className="figure-name" title={GOAL_EXPLAINED}>
              Yearly, in dollars
            </span>
          </dt>
          <dd data-testid="yearly-usd">
            {usd(annualUsd(summary.data.total_monthly * 12))}{' '}
            <span className="muted">
              of the <Link to="/revenue">{usd(ANNUAL_GOAL_USD)} yearly goal</Link>
            </span>
          </dd>
          {summary.data.last_payout && (
            <FigureFact figure="earnings_paid_month">
              {formatDrk(summary.data.last_payout.amount)} <span className="muted">({formatMonth(summary.data.last_payout.month)})</span>
            </FigureFact>
          )}
        </dl>
      )}
      {waterfall.data && (
        <dl className="facts compact">
          <FigureFact figure="rent_owed" testId="rent-out">
            {formatDrk(waterfall.data.pays_total)}
          </FigureFact>
          <dt>Net</dt>
          <dd className={waterfall.data.net < 0 ? 'negative' : 'positive'}>{formatDrk(waterfall.data.net)}</dd>
        </dl>
      )}
      <div className="next-payment" data-testid="next-payment">
        {upcoming.isError && <p className="form-error">Could not load payments ({upcoming.error.message}).</p>}
        {upcoming.data &&
          (next ? (
            <p>
              Next payment: <strong>{formatDrk(next.amount)}</strong> to{' '}
              {next.payee_territory_name ?? <PlayerLink name={next.payee_username} />},{' '}
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
