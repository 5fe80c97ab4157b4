import type { CommandOf } from '../../../schema/commands/index.ts';
import { decideListing } from '../../../schema/rules/market.ts';
import { emit } from '../../infra/events/outbox.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { refuseUnderAuction } from '../../domain/economy/auctions.ts';
import { ok, type InTransaction } from '../handler.ts';
import { decided, factsOf, requireOwner } from '../owner.ts';

/** The owner puts its territory on the market at a whole-DRK price, or takes it off (null). */
export const listTerritory: InTransaction<CommandOf<'territory.list'>> = {
  inTransaction: true,
  async run({ tx, actor }, { type, territoryId, body }) {
    const territory = await lockTerritory(tx, territoryId);
    requireOwner(type, actor, territory, 'sell it');
    const { message } = decided(decideListing(factsOf(territory), body.sale_price));
    if (body.sale_price !== null) await refuseUnderAuction(tx, territory);
    await tx`update territories set sale_price = ${body.sale_price} where id = ${territoryId}`;
    await emit(tx, { type: 'territories.changed', territoryIds: [territoryId] });
    return ok({ message });
  },
};
