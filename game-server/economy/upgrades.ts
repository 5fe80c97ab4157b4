import { UPGRADE_COST, WANAKT_USER_ID, type UpgradeTier } from '../../schema/constants.ts';
import { canUpgrade, discountedPrice } from '../../schema/rules/economy.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { inTransaction } from '../db/database.ts';
import { conflict } from '../errors.ts';
import { transfer } from './ledger.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { activeEventMultiplier } from '../world/special-events.ts';
import { lockTerritory, requireOwner } from '../world/territories.ts';

/**
 * SPEC §4 "Upgrade tiers": the owner buys any higher tier at its SPEC §9 cost, less a running
 * upgrade-discount event, paid to the Wanakt's treasury. The cost is the server's own figure.
 */
export async function upgradeTerritory(deps: ServiceDeps, owner: SessionUser, territoryId: number, tier: UpgradeTier): Promise<{ message: string; cost: number }> {
  const now = deps.clock();
  const { name, cost } = await inTransaction(deps.sql, async (tx) => {
    const territory = await lockTerritory(tx, territoryId);
    requireOwner(territory, owner, 'upgrade it');
    if (!canUpgrade(territory.upgrade_tier, tier)) {
      throw conflict(`${territory.name} is already ${territory.upgrade_tier}; choose a higher tier than that`);
    }
    const cost = discountedPrice(UPGRADE_COST[tier], await activeEventMultiplier(tx, 'upgrade_discount', now));
    await tx`update territories set upgrade_tier = ${tier} where id = ${territoryId}`;
    // Paid last, so the treasury's row stays locked briefly; a short balance rolls it all back.
    // The Wanakt upgrading its own wonders would pay its own treasury: nothing moves.
    if (cost > 0 && owner.id !== WANAKT_USER_ID) {
      await transfer(tx, owner.id, WANAKT_USER_ID, { amount: cost, reason: 'upgrade', territoryId });
    }
    return { name: territory.name, cost };
  });
  deps.events.publish({ type: 'territories.changed', territoryIds: [territoryId] });
  deps.events.publish({ type: 'balances.changed', userIds: [owner.id, WANAKT_USER_ID] });
  return { message: `${name} is now ${tier} (${cost} DRK)`, cost };
}
