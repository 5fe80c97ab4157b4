import type { TerritoryDto } from '../../schema/api/territory.ts';
import { UPGRADE_MULTIPLIER } from '../../schema/constants.ts';
import { AD_REVENUE_SHARE, adRevenue } from '../../schema/rules/economy.ts';
import { formatDrk } from '../format.ts';
import { typeName, upgradeTierName } from '../../schema/display-names.ts';

// The type factor of docs/rules.md §9's formula, read off the rule itself: a standard territory earning 1.
const typeFactor = (type: TerritoryDto['type']) => Math.round((adRevenue(1, 'standard', type) / AD_REVENUE_SHARE) * 100) / 100;

// docs/rules.md §9 "Ad revenue per territory": revenue × upgrade factor × type factor × 15%.
export function AdRevenueTab({ territories }: { territories: readonly TerritoryDto[] }) {
  if (territories.length === 0)
    return <p className="empty-state">No territories owned yet... Ad revenue starts with your first territory.</p>;
  const rows = territories.map((territory) => ({
    territory,
    ads: Math.round(adRevenue(Number(territory.monthly_revenue), territory.upgrade_tier, territory.type)),
  }));
  const total = rows.reduce((sum, row) => sum + row.ads, 0);
  return (
    <section className="panel card stack" aria-labelledby="ads-heading">
      <div className="spread">
        <h2 id="ads-heading">Ad Revenue by Territory</h2>
        <strong data-testid="ad-total">{formatDrk(total)} / month</strong>
      </div>
      <div className="table-wrap">
        <table className="data-table" data-testid="ad-revenue-table">
          <thead>
            <tr>
              <th>Territory</th>
              <th>Type</th>
              <th className="number">Monthly revenue</th>
              <th className="number">Upgrade factor</th>
              <th className="number">Type factor</th>
              <th className="number">Ad revenue</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ territory, ads }) => (
              <tr key={territory.id}>
                <td>{territory.name}</td>
                <td>{typeName(territory.type)}</td>
                <td className="number">{formatDrk(territory.monthly_revenue)}</td>
                <td className="number">
                  {UPGRADE_MULTIPLIER[territory.upgrade_tier]}x ({upgradeTierName(territory.upgrade_tier)})
                </td>
                <td className="number">{typeFactor(territory.type)}x</td>
                <td className="number">
                  {formatDrk(ads)}
                  {territory.type === 'wonder' && <span className="muted small"> to the Wanakt</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        Ad revenue is {AD_REVENUE_SHARE * 100}% of a territory's monthly revenue, times its upgrade and type factors. Wonders are public:
        their ad revenue goes to the Wanakt.
      </p>
    </section>
  );
}
