import type { CommandOf } from '../../../schema/commands/index.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { decideUpgrade } from '../../../schema/rules/market.ts';
import { transfer } from '../../domain/economy/ledger.ts';
import { emit } from '../../infra/events/outbox.ts';
import { activeEventMultiplier } from '../../domain/world/special-events.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';
import { decided, requireOwner } from '../owner.ts';

/**
 * docs/rules.md §4 "Upgrade tiers": the owner buys any higher tier at its docs/rules.md §9 cost, less a running
 * upgrade-discount event, paid to the Wanakt's treasury. The cost is the server's own figure.
 */
export const upgradeTerritory: InTransaction<CommandOf<'territory.upgrade'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { type, territoryId, body: { upgrade_tier: tier } }) {
    const owner = userOf(actor);
    const territory = await lockTerritory(tx, territoryId);
    requireOwner(type, actor, territory, 'upgrade it');
    const discount = await activeEventMultiplier(tx, 'upgrade_discount', now);
    const { cost, message } = decided(decideUpgrade({ name: territory.name, upgradeTier: territory.upgrade_tier }, tier, discount));
    await tx`update territories set upgrade_tier = ${tier} where id = ${territoryId}`;
    // Paid last, so the treasury's row stays locked briefly; a short balance rolls it all back.
    // The Wanakt upgrading its own wonders would pay its own treasury: nothing moves.
    if (cost > 0 && owner.id !== WANAKT_USER_ID) {
      await transfer(tx, owner.id, WANAKT_USER_ID, { amount: cost, reason: 'upgrade', territoryId }, now);
    }
    await emit(
      tx,
      { type: 'territories.changed', territoryIds: [territoryId] },
      { type: 'balances.changed', userIds: [owner.id, WANAKT_USER_ID] },
    );
    return ok({ message, cost });
  },
};
