import type { CommandOf } from '../../../schema/commands/index.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { starterClaimed } from '../../../schema/rules/notifications.ts';
import { decideStarterClaim } from '../../../schema/rules/first-steps.ts';
import { takeStarterClaim } from '../../domain/economy/starter-claim.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';
import { decided, factsOf } from '../owner.ts';
import { completePurchase } from '../complete-purchase.ts';

/**
 * A newcomer takes its first territory at the starter price, paid from its grant to the treasury:
 * a purchase like any other (the ledger, the ownership change, the notices to the claimer and to the
 * overlord whose realm it joins), decided by its own rule. The territory's row lock makes one
 * territory go to one newcomer.
 */
export const claimStarterTerritory: InTransaction<CommandOf<'territory.claim-starter'>> = {
  inTransaction: true,
  async run(work, { body: { territoryId } }) {
    const player = userOf(work.actor);
    // The territory first: the claim row's foreign key would otherwise share-lock it, and racers
    // for one village would deadlock taking the update lock after it.
    const territory = await lockTerritory(work.tx, territoryId);
    const standing = await takeStarterClaim(work, player.id, territoryId);
    const { price, payeeId } = decided(decideStarterClaim(standing, factsOf(territory), WANAKT_USER_ID));
    // The claimer's notice says where the DRK came from; the treasury it is paid to hears nothing.
    await completePurchase(work, territory, player, { price, payeeId, saleNotices: [starterClaimed(player.id, territory, price)] });
    return ok({ message: `Welcome to ${territory.name}: it is yours` });
  },
};
