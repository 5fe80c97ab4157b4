import type { CommandOf } from '../../../schema/commands/index.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { purchaseCollectible } from '../../domain/economy/collectibles.ts';
import { emit } from '../../infra/events/outbox.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

export const buyCollectible: InTransaction<CommandOf<'collectible.purchase'>> = {
  inTransaction: true,
  async run(work, { collectibleId }) {
    const buyer = userOf(work.actor);
    const bought = await purchaseCollectible(work, buyer, collectibleId);
    await emit(work.tx, { type: 'balances.changed', userIds: [buyer.id, WANAKT_USER_ID] });
    return ok(bought);
  },
};
