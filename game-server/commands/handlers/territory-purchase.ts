import type { CommandOf } from '../../../schema/commands/index.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { decidePurchase } from '../../../schema/rules/market.ts';
import { changeOwner } from '../../domain/economy/market.ts';
import { emit } from '../../infra/events/outbox.ts';
import { purchaseNotices } from '../purchase-notices.ts';
import { notify } from '../../domain/notifications/notifications.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';
import { decided, factsOf } from '../owner.ts';

/**
 * docs/rules.md §5 "Purchase". The territory's row is locked first, so of many buyers at once exactly one
 * finds it still listed; the others get a 409 and keep their DRK. The ledger checks the balance
 * under the users' row locks.
 */
export const purchaseTerritory: InTransaction<CommandOf<'territory.purchase'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { territoryId, body }) {
    const buyer = userOf(actor);
    const territory = await lockTerritory(tx, territoryId);
    const { price, payeeId } = decided(decidePurchase(factsOf(territory), { id: buyer.id }, WANAKT_USER_ID, body.sale_price));
    await changeOwner(tx, territory, buyer.id, payeeId, price, 'purchase');
    await notify(tx, await purchaseNotices(tx, territory, buyer, price), now);
    await emit(
      tx,
      { type: 'territories.changed', territoryIds: [territoryId] },
      { type: 'balances.changed', userIds: [buyer.id, payeeId] },
    );
    return ok({ message: `You now own ${territory.name}` });
  },
};
