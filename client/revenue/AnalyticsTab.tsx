import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { RevenueSummaryDto } from '../../schema/api/revenue.ts';
import type { TerritoryType } from '../../schema/constants.ts';
import { FORECAST_MONTHS, REVENUE_SPLIT, USD_PER_DRK } from '../../schema/rules/economy.ts';
import { formatDollars, formatDrk } from '../format.ts';
import { actualMix, opportunities, opportunityGrowth, projection, revenueSplit } from './analytics.ts';
import { ForecastChart } from './ForecastChart.tsx';

interface AnalyticsTabProps {
  summary: RevenueSummaryDto;
  territoryTypes: readonly TerritoryType[];
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const usd = (dollars: number) => formatDollars(Math.round(dollars * 100));

// docs/rules.md §2 "Analytics": sub-tabs Overview, Opportunities and Projections.
export function AnalyticsTab({ summary, territoryTypes }: AnalyticsTabProps) {
  return (
    <Tabs.Root className="tabs" defaultValue="overview">
      <Tabs.List className="tab-list sub" aria-label="Analytics">
        <Tabs.Trigger className="tab-trigger" value="overview">
          Overview
        </Tabs.Trigger>
        <Tabs.Trigger className="tab-trigger" value="opportunities">
          Opportunities
        </Tabs.Trigger>
        <Tabs.Trigger className="tab-trigger" value="projections">
          Projections
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content className="tab-content" value="overview">
        <SplitOverview summary={summary} />
      </Tabs.Content>
      <Tabs.Content className="tab-content" value="opportunities">
        <Opportunities summary={summary} territoryTypes={territoryTypes} />
      </Tabs.Content>
      <Tabs.Content className="tab-content" value="projections">
        <Projections summary={summary} territoryTypes={territoryTypes} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function SplitOverview({ summary }: { summary: RevenueSummaryDto }) {
  const mix = actualMix(summary);
  return (
    <section className="panel card stack" aria-labelledby="split-heading">
      <h2 id="split-heading">Revenue Split</h2>
      <div className="table-wrap">
        <table className="data-table" data-testid="revenue-split">
          <thead>
            <tr>
              <th>Source</th>
              <th className="number">Target share</th>
              <th className="number">Of your total</th>
              <th className="number">Your mix</th>
            </tr>
          </thead>
          <tbody>
            {revenueSplit(summary.total_monthly).map((line) => (
              <tr key={line.key}>
                <td>{line.label}</td>
                <td className="number">{percent(line.share)}</td>
                <td className="number">{formatDrk(line.amount)}</td>
                <td className="number">{percent(mix[line.key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        A balanced estate earns {percent(REVENUE_SPLIT.rent)} from rent, {percent(REVENUE_SPLIT.ads)} from ads and{' '}
        {percent(REVENUE_SPLIT.bonuses)} from bonuses. "Your mix" is your projection's own share of base revenue and tribute, ad revenue,
        and multiplier bonuses.
      </p>
    </section>
  );
}

function Opportunities({ summary, territoryTypes }: AnalyticsTabProps) {
  const list = opportunities(summary.base_revenue, territoryTypes);
  const total = list.reduce((sum, item) => sum + item.monthly, 0);
  return (
    <section className="stack" aria-label="Opportunities">
      <div className="card-grid" data-testid="opportunities">
        {list.map((item) => (
          <article className="panel card stack" key={item.key}>
            <h3>{item.title}</h3>
            <strong className="stat-figure">+{formatDrk(item.monthly)} / month</strong>
            <p className="muted small">{item.detail}</p>
          </article>
        ))}
      </div>
      <p className="panel notice">
        <span>
          Realising every opportunity would add <strong data-testid="opportunity-total">{formatDrk(total)}</strong> a month.
        </span>
      </p>
    </section>
  );
}

type Scenario = 'opportunities' | 'steady';

function Projections({ summary, territoryTypes }: AnalyticsTabProps) {
  const [scenario, setScenario] = useState<Scenario>('opportunities');
  const opportunityTotal = opportunities(summary.base_revenue, territoryTypes).reduce((sum, item) => sum + item.monthly, 0);
  const growth = scenario === 'opportunities' ? opportunityGrowth(summary.total_monthly, opportunityTotal) : 0;
  const plan = projection(summary.total_monthly, growth);
  const today = new Date();
  const nextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  const goalShare = Math.min(1, plan.annualUsd / plan.goalUsd);
  return (
    <section className="stack" aria-label="Projections">
      <div className="panel card stack">
        <div className="spread">
          <h2>{FORECAST_MONTHS}-Month Forecast</h2>
          <label className="inline-label">
            <span>Scenario</span>
            <select value={scenario} onChange={(event) => setScenario(event.target.value as Scenario)}>
              <option value="opportunities">
                Realise every opportunity ({percent(opportunityGrowth(summary.total_monthly, opportunityTotal))} a month)
              </option>
              <option value="steady">Current holdings only (no growth)</option>
            </select>
          </label>
        </div>
        <ForecastChart current={summary.total_monthly} months={plan.months} goalMonthly={plan.goalMonthlyDrk} start={nextMonth} />
      </div>
      <div className="panel card stack" data-testid="annual-goal">
        <div className="spread">
          <h2>Annual Earnings Goal</h2>
          <strong>
            {usd(plan.annualUsd)} of {usd(plan.goalUsd)} a year
          </strong>
        </div>
        <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(goalShare * 100)}>
          <div className="progress-fill" style={{ width: `${goalShare * 100}%` }} />
        </div>
        <p className="muted small" data-testid="annual-goal-explained">
          A yardstick the game sets every player, not a promise: earnings worth {usd(plan.goalUsd)} a year in dollars. You earn{' '}
          {formatDrk(plan.annualDrk)} a year at this month's rate, worth {usd(plan.annualUsd)} at the game's ${USD_PER_DRK} per DRK.{' '}
          {plan.annualUsd >= plan.goalUsd
            ? 'The goal is reached.'
            : `Reaching the goal takes ${formatDrk(plan.goalMonthlyDrk)} a month, ${formatDrk(plan.goalMonthlyDrk - summary.total_monthly)} more than now.`}
        </p>
      </div>
    </section>
  );
}
