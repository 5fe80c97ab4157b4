import { Link } from 'react-router';
import type { RevenueSummaryDto } from '../../schema/api/revenue.ts';
import { formatDrk, formatMonth, formatNumber, plural } from '../format.ts';
import { FigureName } from '../hud/FigureName.tsx';

interface OverviewTabProps {
  summary: RevenueSummaryDto;
  onOpenTab: (tab: 'upgrades' | 'analytics') => void;
}

const COLUMNS = ['base_revenue', 'multiplier_bonus', 'ad_revenue', 'monthly_earnings'] as const;

// docs/rules.md §2 "the revenue center": the revenue breakdown, what was actually paid, and quick actions.
export function OverviewTab({ summary, onOpenTab }: OverviewTabProps) {
  const lines = [
    { figure: 'base_revenue', value: summary.base_revenue },
    { figure: 'multiplier_bonus', value: summary.multiplier_bonus },
    { figure: 'ad_revenue', value: summary.ad_revenue },
  ] as const;
  return (
    <div className="two-columns">
      <section className="panel card stack" aria-labelledby="breakdown-heading" data-testid="revenue-breakdown">
        <h2 id="breakdown-heading">Monthly Revenue Breakdown</h2>
        <ul className="breakdown">
          {lines.map((line) => (
            <li key={line.figure}>
              <FigureName figure={line.figure} />
              <span data-part data-figure={line.figure}>
                {formatDrk(line.value)}
              </span>
            </li>
          ))}
          <li className="total-line">
            <FigureName figure="monthly_earnings" />
            <span data-testid="total-monthly" data-total data-figure="monthly_earnings">
              {formatDrk(summary.total_monthly)}
            </span>
          </li>
        </ul>
        <ul className="breakdown">
          <li>
            <FigureName figure="tribute" />
            <span data-testid="tribute" data-figure="tribute">
              {formatDrk(summary.feudal_tribute)}
            </span>
          </li>
        </ul>
        <p className="muted small">
          Projected from your {plural(summary.territory_count, 'territory', 'territories')} with an ownership multiplier of{' '}
          {summary.ownership_multiplier}x
          {summary.revenue_event_multiplier !== 1 && ` and a running event multiplier of ${summary.revenue_event_multiplier}x`}: what the
          payout on the 1st mints to you. Tribute is paid by your vassals through the rent cycle, not by this payout.
        </p>
        {summary.territories.length > 0 && (
          <div className="table-wrap">
            <table className="data-table small" data-testid="territory-revenue">
              <thead>
                <tr>
                  <th>Territory</th>
                  {COLUMNS.map((figure) => (
                    <th key={figure} className="number">
                      <FigureName figure={figure} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {summary.territories.map((line) => (
                  <tr key={line.territory_id} data-territory={line.name}>
                    <td>{line.name}</td>
                    <td className="number" data-figure="base_revenue">
                      {formatNumber(line.base)}
                    </td>
                    <td className="number" data-figure="multiplier_bonus">
                      {formatNumber(line.multiplier_bonus)}
                    </td>
                    <td className="number" data-figure="ad_revenue">
                      {formatNumber(line.ad_revenue)}
                    </td>
                    <td className="number" data-part data-figure="monthly_earnings">
                      {formatNumber(line.to_owner)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {summary.wonder_ad_revenue > 0 && (
                  <tr>
                    <td colSpan={4}>Ad revenue of every wonder (wonders are public)</td>
                    <td className="number" data-part data-testid="wonder-ad-line">
                      {formatNumber(summary.wonder_ad_revenue)}
                    </td>
                  </tr>
                )}
                <tr className="total-line">
                  <td colSpan={4}>
                    <FigureName figure="monthly_earnings" />
                  </td>
                  <td className="number" data-total>
                    {formatNumber(summary.total_monthly)}
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
            <span className="stat-label">
              <FigureName figure="monthly_earnings" />
            </span>
            <strong className="stat-figure">{formatDrk(summary.total_monthly)}</strong>
          </div>
          <div className="panel stat-card" data-testid="last-payout">
            <span className="stat-label">
              <FigureName figure="earnings_paid_month" />
            </span>
            <strong className="stat-figure" data-figure="earnings_paid_month">
              {summary.last_payout ? formatDrk(summary.last_payout.amount) : '—'}
            </strong>
            <span className="muted small">{summary.last_payout ? formatMonth(summary.last_payout.month) : 'No monthly payout yet'}</span>
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
