import type { CommandOf } from '../../../schema/commands/index.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { decideStarterClaim } from '../../../schema/rules/first-steps.ts';
import { changeOwner } from '../../domain/economy/market.ts';
import { takeStarterClaim } from '../../domain/economy/starter-claim.ts';
import { emit } from '../../infra/events/outbox.ts';
import { notify } from '../../domain/notifications/notifications.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';
import { decided, factsOf } from '../owner.ts';
import { purchaseNotices } from '../purchase-notices.ts';

/**
 * A newcomer takes its first territory at the starter price, paid from its grant to the treasury:
 * a purchase like any other (the ledger, the ownership change, the notices to the buyer and to the
 * overlord whose realm it joins), decided by its own rule. The territory's row lock makes one
 * territory go to one newcomer.
 */
export const claimStarterTerritory: InTransaction<CommandOf<'territory.claim-starter'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { body: { territoryId } }) {
    const player = userOf(actor);
    // The territory first: the claim row's foreign key would otherwise share-lock it, and racers
    // for one village would deadlock taking the update lock after it.
    const territory = await lockTerritory(tx, territoryId);
    const standing = await takeStarterClaim(tx, player.id, territoryId);
    const { price, payeeId } = decided(decideStarterClaim(standing, factsOf(territory), WANAKT_USER_ID));
    await changeOwner(tx, territory, player.id, payeeId, price, 'purchase');
    await notify(tx, await purchaseNotices(tx, territory, player, price), now);
    await emit(
      tx,
      { type: 'territories.changed', territoryIds: [territoryId] },
      { type: 'balances.changed', userIds: [player.id, payeeId] },
    );
    return ok({ message: `Welcome to ${territory.name}: it is yours` });
  },
};
