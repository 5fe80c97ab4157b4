import { UPGRADE_COST, UPGRADE_MULTIPLIER, UPGRADE_TIERS } from '../../schema/constants.ts';
import { CHAINS, ownershipTier } from '../../schema/rules/economy.ts';
import { formatDrk } from '../format.ts';
import { ownershipLadder } from './analytics.ts';
import { upgradeTierName } from '../../schema/display-names.ts';

interface MultipliersTabProps {
  territoryCount: number;
  revenueEventMultiplier: number;
}

// docs/rules.md §4 "Ownership tiers by count" and §9 "Upgrade tiers", with the player's place on them.
export function MultipliersTab({ territoryCount, revenueEventMultiplier }: MultipliersTabProps) {
  const current = ownershipTier(territoryCount);
  const ladder = ownershipLadder();
  const next = ladder.find((step) => step.minimum > territoryCount);
  return (
    <div className="two-columns">
      <section className="panel card stack" aria-labelledby="ownership-heading">
        <h2 id="ownership-heading">Ownership Tiers</h2>
        <p className="muted small">
          {current
            ? `You are a ${current.label} (${current.multiplier}x) with ${territoryCount} ${territoryCount === 1 ? 'territory' : 'territories'}.`
            : 'Own a territory to reach the first tier.'}
          {next && ` ${next.minimum - territoryCount} more to become a ${next.label}.`}
        </p>
        <ul className="item-list" data-testid="ownership-tiers">
          {ladder.map((step, index) => {
            const upper = ladder[index + 1]?.minimum;
            const isCurrent = current?.label === step.label;
            return (
              <li className="item tier-row" key={step.label} data-current={isCurrent} aria-current={isCurrent ? 'true' : undefined}>
                <div className="item-main">
                  <strong>{step.label}</strong>
                  <span className="muted small">
                    {upper === undefined
                      ? `${step.minimum} or more territories`
                      : upper - 1 === step.minimum
                        ? `${step.minimum} ${step.minimum === 1 ? 'territory' : 'territories'}`
                        : `${step.minimum} to ${upper - 1} territories`}
                  </span>
                </div>
                <div className="row">
                  {isCurrent && (
                    <span className="badge" data-tone="gold">
                      Current
                    </span>
                  )}
                  <strong>{step.multiplier}x</strong>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <div className="stack">
        <section className="panel card stack" aria-labelledby="upgrade-multipliers-heading">
          <h2 id="upgrade-multipliers-heading">Upgrade Multipliers</h2>
          <table className="data-table">
            <thead>
              <tr>
                <th>Tier</th>
                <th className="number">Multiplier</th>
                <th className="number">Cost</th>
              </tr>
            </thead>
            <tbody>
              {UPGRADE_TIERS.map((tier) => (
                <tr key={tier}>
                  <td>{upgradeTierName(tier)}</td>
                  <td className="number">{UPGRADE_MULTIPLIER[tier]}x</td>
                  <td className="number">{formatDrk(UPGRADE_COST[tier])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small">A territory's upgrade multiplies its revenue and its ad revenue.</p>
        </section>
        <section className="panel card stack" aria-labelledby="other-multipliers-heading">
          <h2 id="other-multipliers-heading">Chain and Event Bonuses</h2>
          <ul className="breakdown">
            {CHAINS.map((chain) => (
              <li key={chain.name}>
                <span>{chain.name}</span>
                <span>+{Math.round(chain.bonus * 100)}%</span>
              </li>
            ))}
            <li>
              <span>Running revenue events</span>
              <span data-testid="event-multiplier">{revenueEventMultiplier}x</span>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
