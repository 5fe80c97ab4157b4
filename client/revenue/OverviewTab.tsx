import { Link } from 'react-router';
import type { RevenueSummaryDto } from '../../schema/api/revenue.ts';
import { formatDrk } from '../format.ts';

interface OverviewTabProps {
  summary: RevenueSummaryDto;
  onOpenTab: (tab: 'upgrades' | 'analytics') => void;
}

const monthLabel = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

// SPEC §2 "Overview": the revenue breakdown, what was actually paid, and quick actions.
export function OverviewTab({ summary, onOpenTab }: OverviewTabProps) {
  const lines = [
    { label: 'Base Territory Revenue', value: summary.base_revenue },
    { label: 'Multiplier Bonus', value: summary.multiplier_bonus },
    { label: 'Ad Revenue', value: summary.ad_revenue },
    { label: 'Feudal Tribute Income', value: summary.feudal_tribute },
  ];
  return (
    <div className="two-columns">
        <section className="panel card stack" aria-labelledby="breakdown-heading" data-testid="revenue-breakdown">
          <h2 id="breakdown-heading">Monthly Revenue Breakdown</h2>
          <ul className="breakdown">
            {lines.map((line) => (
              <li key={line.label}>
                <span>{line.label}</span>
                <span data-part>{formatDrk(line.value)}</span>
              </li>
            ))}
            <li className="total-line">
              <span>Total Monthly</span>
              <span data-testid="total-monthly" data-total>
                {formatDrk(summary.total_monthly)}
              </span>
            </li>
          </ul>
          <p className="muted small">
            Projected from your {summary.territory_count} {summary.territory_count === 1 ? 'territory' : 'territories'} with an ownership multiplier of{' '}
            {summary.ownership_multiplier}x
            {summary.revenue_event_multiplier !== 1 && ` and a running event multiplier of ${summary.revenue_event_multiplier}x`}. Tribute is your
            vassals' rent spread over the months of a period.
          </p>
          {summary.territories.length > 0 && (
            <div className="table-wrap">
              <table className="data-table small" data-testid="territory-revenue">
                <thead>
                  <tr>
                    <th>Territory</th>
                    <th className="number">Base</th>
                    <th className="number">Bonus</th>
                    <th className="number">Ads</th>
                    <th className="number">To you</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.territories.map((line) => (
                    <tr key={line.territory_id}>
                      <td>{line.name}</td>
                      <td className="number">{line.base.toLocaleString('en-US')}</td>
                      <td className="number">{line.multiplier_bonus.toLocaleString('en-US')}</td>
                      <td className="number">{line.ad_revenue.toLocaleString('en-US')}</td>
                      <td className="number" data-part>
                        {line.to_owner.toLocaleString('en-US')}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  {summary.wonder_ad_revenue > 0 && (
                    <tr>
                      <td colSpan={4}>Ad revenue of every wonder (wonders are public)</td>
                      <td className="number" data-part data-testid="wonder-ad-line">
                        {summary.wonder_ad_revenue.toLocaleString('en-US')}
                      </td>
                    </tr>
                  )}
                  <tr>
                    <td colSpan={4}>Feudal tribute</td>
                    <td className="number" data-part>
                      {summary.feudal_tribute.toLocaleString('en-US')}
                    </td>
                  </tr>
                  <tr className="total-line">
                    <td colSpan={4}>Total monthly</td>
                    <td className="number" data-total>
                      {summary.total_monthly.toLocaleString('en-US')}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </section>
        <div className="stack">
          <div className="stat-grid">
            <div className="panel stat-card total">
              <span className="stat-label">Projected this month</span>
              <strong className="stat-figure">{formatDrk(summary.total_monthly)}</strong>
            </div>
            <div className="panel stat-card" data-testid="last-payout">
              <span className="stat-label">Paid last month</span>
              <strong className="stat-figure">{summary.last_payout ? formatDrk(summary.last_payout.amount) : '—'}</strong>
              <span className="muted small">{summary.last_payout ? monthLabel(summary.last_payout.month) : 'No monthly payout yet'}</span>
            </div>
          </div>
          <section className="panel card stack" aria-labelledby="actions-heading">
            <h2 id="actions-heading">Quick Actions</h2>
            <div className="row">
              <button className="button primary" type="button" onClick={() => onOpenTab('upgrades')}>
                Upgrade Territories
              </button>
              <Link className="button" to="/marketplace">
                Buy Territories
              </Link>
              <button className="button" type="button" onClick={() => onOpenTab('analytics')}>
                View Analytics
              </button>
              <Link className="button" to="/rent">
                Pay Rent
              </Link>
              <Link className="button" to="/drk-store">
                Buy DRK
              </Link>
            </div>
          </section>
        </div>
    </div>
  );
}
