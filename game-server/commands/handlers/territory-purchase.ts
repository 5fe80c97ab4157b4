import type { CommandOf } from '../../../schema/commands/index.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { decidePurchase } from '../../../schema/rules/market.ts';
import { completePurchase } from '../complete-purchase.ts';
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
  async run(work, { territoryId, body }) {
    const buyer = userOf(work.actor);
    const territory = await lockTerritory(work.tx, territoryId);
    await completePurchase(
      work,
      territory,
      buyer,
      decided(decidePurchase(factsOf(territory), { id: buyer.id }, WANAKT_USER_ID, body.sale_price)),
    );
    return ok({ message: `You now own ${territory.name}` });
  },
};
