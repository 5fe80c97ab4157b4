import { useState } from 'react';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { UPGRADE_MULTIPLIER, type UpgradeTier } from '../../schema/constants.ts';
import { formatDrk } from '../format.ts';
import { shortOfDrk } from '../../schema/rules/market.ts';
import { upgradeTierName } from '../../schema/display-names.ts';
import { ConfirmSpend } from '../hud/ConfirmSpend.tsx';
import { upgradeOptions } from '../hud/rules.ts';

interface UpgradesTabProps {
  territories: readonly TerritoryDto[];
  balance: number;
  /** The running upgrade-discount events' multiplier (1 when none runs), as the server prices it. */
  upgradeDiscount: number;
  onUpgrade: (territory: TerritoryDto, tier: UpgradeTier) => Promise<void>;
}

// docs/rules.md §4 "Upgrade tiers" and §5 "Upgrade": any higher tier, the button off while the balance is short.
export function UpgradesTab({ territories, balance, upgradeDiscount, onUpgrade }: UpgradesTabProps) {
  const [busy, setBusy] = useState<string | null>(null);
  // docs/rules.md: no DRK moves without a confirmation; an upgrade's price opens a confirmation with the balance before and after; only its button upgrades.
  const [asking, setAsking] = useState<string | null>(null);

  async function upgrade(territory: TerritoryDto, tier: UpgradeTier) {
    setBusy(`${territory.id}:${tier}`);
    try {
      await onUpgrade(territory, tier);
    } finally {
      setBusy(null);
      setAsking(null);
    }
  }

  if (territories.length === 0) return <p className="empty-state">No territories owned yet... Buy one in the marketplace to upgrade it.</p>;

  return (
    <section className="stack" aria-label="Territory upgrades">
      {upgradeDiscount !== 1 && (
        <p className="panel notice small">An upgrade discount event is running: the prices below already include it.</p>
      )}
      <ul className="card-grid" data-testid="upgrade-list">
        {territories.map((territory) => (
          <li className="panel card stack" key={territory.id} data-territory={territory.name}>
            <div className="spread">
              <h3>{territory.name}</h3>
              <span className="badge" data-tone="gold" data-testid="current-tier">
                {upgradeTierName(territory.upgrade_tier)} · {UPGRADE_MULTIPLIER[territory.upgrade_tier]}x
              </span>
            </div>
            {territory.upgrade_tier === 'ultimate' ? (
              <p className="muted small">Fully upgraded.</p>
            ) : (
              <div className="stack">
                {upgradeOptions(territory.upgrade_tier, balance, upgradeDiscount).map(({ tier, cost, affordable }) => {
                  const key = `${territory.id}:${tier}`;
                  return (
                    <div className="stack" key={tier}>
                      <div className="spread">
                        <span>
                          {upgradeTierName(tier)} · {UPGRADE_MULTIPLIER[tier]}x
                        </span>
                        {asking !== key && (
                          <button
                            className="button small primary"
                            type="button"
                            disabled={!affordable || busy !== null}
                            title={affordable ? undefined : shortOfDrk(cost, balance)}
                            onClick={() => setAsking(key)}
                          >
                            Upgrade for {formatDrk(cost)}
                          </button>
                        )}
                      </div>
                      {asking === key && (
                        <ConfirmSpend
                          what={`Upgrade ${territory.name} to ${upgradeTierName(tier)} (${UPGRADE_MULTIPLIER[tier]}x revenue) for ${formatDrk(cost)}?`}
                          cost={cost}
                          balance={balance}
                          confirmLabel="Confirm upgrade"
                          pending={busy === key}
                          onConfirm={() => void upgrade(territory, tier)}
                          onBack={() => setAsking(null)}
                        />
                      )}
                    </div>
                  );
                })}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
