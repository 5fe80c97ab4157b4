import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readQuery } from '../state/query.ts';
import { UPGRADE_MULTIPLIER, type UpgradeTier } from '../../schema/constants.ts';
import { serverMessageOr, upgradeTerritory } from '../api.ts';
import { formatDrk } from '../format.ts';
import { showToast } from '../state/toasts.ts';
import { Link } from 'react-router';
import { ConfirmSpend } from './ConfirmSpend.tsx';
import { Modal } from './Modal.tsx';
import { upgradeTierName } from '../../schema/display-names.ts';
import { runningMultiplier, upgradeOptions } from './rules.ts';
import { balanceOf, useAccount, useTerritory } from './territoryHooks.ts';

interface UpgradeDialogProps {
  territoryId: number;
  onClose: () => void;
}

// The premium upgrade dialog: every tier above the current one, with its cost and multiplier.
export function UpgradeDialog({ territoryId, onClose }: UpgradeDialogProps) {
  const territory = useTerritory(territoryId);
  const account = useAccount();
  const [pending, setPending] = useState<UpgradeTier | null>(null);
  const [chosen, setChosen] = useState<UpgradeTier | null>(null);
  // The running upgrade-discount events, read as the Revenue screen reads them: the server charges the discounted cost.
  // Until they are read no price is offered; if they cannot be, the prices are the undiscounted ones and the notice says so.
  const events = useQuery(readQuery('/events/special'));
  if (!territory || !account) return null;
  const balance = balanceOf(account);
  const options = upgradeOptions(territory.upgrade_tier, balance, runningMultiplier(events.data ?? [], 'upgrade_discount'));
  const choice = options.find((option) => option.tier === chosen);

  async function upgrade(tier: UpgradeTier) {
    setPending(tier);
    try {
      const answer = await upgradeTerritory(territoryId, tier);
      showToast({ title: 'Territory Upgraded!', description: answer.message });
      onClose();
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Upgrade Failed', description: serverMessageOr(error, 'Unable to upgrade territory') });
    } finally {
      setPending(null);
    }
  }

  return (
    <Modal
      title={`Upgrade ${territory.name}`}
      description={`Current tier: ${upgradeTierName(territory.upgrade_tier)} (${UPGRADE_MULTIPLIER[territory.upgrade_tier]}x). Your balance: ${formatDrk(balance)}.`}
      onClose={onClose}
      testId="upgrade-dialog"
    >
      {events.isPending ? (
        <p className="muted">Loading prices…</p>
      ) : choice ? (
        <ConfirmSpend
          what={`Upgrade ${territory.name} to ${upgradeTierName(choice.tier)} (${UPGRADE_MULTIPLIER[choice.tier]}x revenue) for ${formatDrk(choice.cost)}?`}
          cost={choice.cost}
          balance={balance}
          confirmLabel="Confirm upgrade"
          pending={pending !== null}
          onConfirm={() => void upgrade(choice.tier)}
          onBack={() => setChosen(null)}
        />
      ) : options.length === 0 ? (
        <p className="muted">This territory already has the highest tier.</p>
      ) : (
        <>
          {events.isError && (
            <p className="muted small">The running events could not be read: a discount, if one runs, is not shown here.</p>
          )}
          <ul className="tier-list">
            {options.map((option) => (
              <li key={option.tier} className="tier-option">
                <div>
                  <strong>{upgradeTierName(option.tier)}</strong>
                  <span className="muted"> · {UPGRADE_MULTIPLIER[option.tier]}x revenue</span>
                  {!option.affordable && (
                    <p className="muted small" id={`upgrade-short-${option.tier}`}>
                      You need {formatDrk(option.cost - balance)} more. <Link to="/drk-store">Buy DRK</Link>
                    </p>
                  )}
                </div>
                <button
                  className="button primary"
                  type="button"
                  disabled={!option.affordable || pending !== null}
                  aria-describedby={option.affordable ? undefined : `upgrade-short-${option.tier}`}
                  onClick={() => setChosen(option.tier)}
                  aria-label={`Upgrade to ${option.tier} for ${formatDrk(option.cost)}`}
                >
                  {formatDrk(option.cost)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
