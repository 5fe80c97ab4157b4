import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { readQuery } from '../state/query.ts';
import { UPGRADE_POTENTIAL_SHARE } from '../../schema/rules/economy.ts';
import { formatDrk } from '../format.ts';
import { Section } from './Section.tsx';
import { FigureFact } from '../hud/FigureName.tsx';

// The Wanakt's income at a glance: this period's tribute from the main cities, the wonders' ad revenue, and what
// upgrading its standard-tier holdings could add (docs/rules.md §9 "Upgrade potential").
export function RevenueOptimization({ wanaktId }: { wanaktId: string }) {
  const summary = useQuery(readQuery('/revenue/summary/:userId', { userId: wanaktId }));
  const data = summary.data;
  return (
    <Section
      title="Revenue Optimization"
      testId="revenue-optimization"
      action={
        <Link className="link-button" to="/revenue">
          Open center
        </Link>
      }
    >
      {summary.isError && <p className="form-error">Could not load revenue ({summary.error.message}).</p>}
      {data && (
        <dl className="facts compact">
          <FigureFact figure="tribute">{formatDrk(data.feudal_tribute)}</FigureFact>
          <FigureFact figure="ad_revenue">{formatDrk(data.ad_revenue)} / month</FigureFact>
          <FigureFact figure="base_revenue">{formatDrk(data.base_revenue)} / month</FigureFact>
          <FigureFact figure="monthly_earnings">{formatDrk(data.total_monthly)}</FigureFact>
          <dt>Upgrade potential</dt>
          <dd>{formatDrk(Math.round(data.base_revenue * UPGRADE_POTENTIAL_SHARE))} / month</dd>
        </dl>
      )}
    </Section>
  );
}
