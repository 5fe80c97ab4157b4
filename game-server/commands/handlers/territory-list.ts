import type { CommandOf } from '../../../schema/commands/index.ts';
import { decideListing } from '../../../schema/rules/market.ts';
import { emit } from '../../infra/events/outbox.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { refuseUnderAuction } from '../../domain/economy/auctions.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';
import { tradeHoldOf } from '../../domain/holds/trade-holds.ts';
import { conflict } from '../../errors.ts';
import { typeMedian } from '../../domain/fair-play/type-median.ts';
import { heldListingTooLow, tradeHoldMessage } from '../../../schema/rules/trade-holds.ts';
import { formatDrk } from '../../../schema/format.ts';
import type { Tx } from '../../infra/db/database.ts';
import type { LockedTerritory } from '../../domain/world/territories.ts';
import { decided, factsOf, requireOwner } from '../owner.ts';

/** The owner puts its territory on the market at a whole-DRK price, or takes it off (null). */
export const listTerritory: InTransaction<CommandOf<'territory.list'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { type, territoryId, body }) {
    const territory = await lockTerritory(tx, territoryId);
    requireOwner(type, actor, territory, 'sell it');
    const { message } = decided(decideListing(factsOf(territory), body.sale_price));
    if (body.sale_price !== null) {
      await refuseUnderAuction(tx, territory);
      await refuseCheapWhileHeld(tx, userOf(actor).id, territory, body.sale_price, now);
    }
    await tx`update territories set sale_price = ${body.sale_price} where id = ${territoryId}`;
    await emit(tx, { type: 'territories.changed', territoryIds: [territoryId] });
    return ok({ message });
  },
};

/**
 * docs/rules.md §4 "Trade holds": a held account may list, but not below half its type's median
 * (half the territory's own price where the type's market is too thin to have a median).
 */
async function refuseCheapWhileHeld(tx: Tx, sellerId: string, territory: LockedTerritory, price: number, now: Date): Promise<void> {
  // The hold first: an account not held (nearly every listing) reads no median.
  const hold = await tradeHoldOf(tx, sellerId, now);
  if (!hold) return;
  const [own] = await tx<{ price: string }[]>`select price::text from territories where id = ${territory.id}`;
  const reference = (await typeMedian(tx, territory.type, now)) ?? Number(own.price);
  if (heldListingTooLow(price, reference))
    throw conflict(tradeHoldMessage(hold, `list ${territory.name} below ${formatDrk(Math.ceil(reference / 2))}`));
}
