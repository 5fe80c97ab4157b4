import type { OwnershipChangeDto } from '../../schema/api/territories.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { inTransaction, type Queryable, type Tx } from '../db/database.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { lockTerritory, refuseRealmTransfer, requireOwner, type Actor, type LockedTerritory } from '../world/territories.ts';
import { transfer, type LedgerReason } from './ledger.ts';

type ChangeReason = OwnershipChangeDto['reason'];

/**
 * Hands a locked territory to its new owner: the price is paid first (so a short balance leaves
 * everything as it was), then the owner changes, the listing closes and the history gets its row.
 * Paying first also takes the users' row locks before the history row's foreign keys take
 * weaker ones, so one buyer's two purchases at once queue instead of deadlocking.
 */
async function changeOwner(tx: Tx, territory: LockedTerritory, to: string, payee: string, price: number, reason: ChangeReason): Promise<void> {
  // A payer and payee that are one account (the Wanakt buying from its own treasury) move nothing.
  if (price > 0 && to !== payee) {
    const ledgerReason: LedgerReason = reason === 'purchase' ? 'territory_purchase' : 'territory_assignment';
    await transfer(tx, to, payee, { amount: price, reason: ledgerReason, territoryId: territory.id });
  }
  await tx`update territories set owner_id = ${to}, purchase_price = ${price}, sale_price = null where id = ${territory.id}`;
  await tx`
    insert into ownership_changes (territory_id, from_owner_id, to_owner_id, price, reason)
    values (${territory.id}, ${territory.owner_id}, ${to}, ${price}, ${reason})`;
}

/**
 * SPEC §5 "Purchase": the buyer pays the asking price to the seller, or to the Wanakt's treasury for
 * a territory nobody owns. The territory's row is locked first, so of many buyers at once exactly
 * one finds it still listed; the others get a 409 and keep their DRK. `seenPrice`, when the client
 * sends it, guards against paying a price the seller raised after the buyer looked.
 */
export async function purchaseTerritory(deps: ServiceDeps, buyer: SessionUser, territoryId: number, seenPrice?: number): Promise<{ message: string }> {
  const { territory, seller } = await inTransaction(deps.sql, async (tx) => {
    const territory = await lockTerritory(tx, territoryId);
    if (territory.owner_id === buyer.id) throw conflict(`You already own ${territory.name}`);
    if (territory.sale_price === null) throw conflict(`${territory.name} is not for sale`);
    if (seenPrice !== undefined && seenPrice !== territory.sale_price) {
      throw conflict(`The price of ${territory.name} is now ${territory.sale_price} DRK`);
    }
    const seller = territory.owner_id ?? WANAKT_USER_ID;
    await changeOwner(tx, territory, buyer.id, seller, territory.sale_price, 'purchase');
    return { territory, seller };
  });
  deps.events.publish({ type: 'territories.changed', territoryIds: [territoryId] });
  deps.events.publish({ type: 'balances.changed', userIds: [buyer.id, seller] });
  return { message: `You now own ${territory.name}` };
}

/** The owner puts its territory on the market at a whole-DRK price, or takes it off (null). */
export async function setListing(deps: ServiceDeps, owner: Actor, territoryId: number, salePrice: number | null): Promise<{ message: string }> {
  const territory = await inTransaction(deps.sql, async (tx) => {
    const territory = await lockTerritory(tx, territoryId);
    requireOwner(territory, owner, 'sell it');
    if (salePrice !== null) refuseRealmTransfer(territory);
    await tx`update territories set sale_price = ${salePrice} where id = ${territoryId}`;
    return territory;
  });
  deps.events.publish({ type: 'territories.changed', territoryIds: [territoryId] });
  return { message: salePrice === null ? `${territory.name} is no longer for sale` : `${territory.name} is for sale at ${salePrice} DRK` };
}

/**
 * SPEC §4 "Territory ownership": the Wanakt gives a territory to a player. A price of 0 is a gift
 * and moves no DRK; otherwise the recipient pays it to the treasury, or nothing changes.
 */
export async function assignTerritory(deps: ServiceDeps, actor: Actor, territoryId: number, recipientId: string, price: number): Promise<{ message: string }> {
  if (!actor.is_wanakt) throw forbidden('Only the Wanakt can assign territories');
  const { territory, username } = await inTransaction(deps.sql, async (tx) => {
    const [recipient] = await tx<{ username: string }[]>`select username from users where id = ${recipientId}`;
    if (!recipient) throw notFound('User not found');
    const territory = await lockTerritory(tx, territoryId);
    refuseRealmTransfer(territory);
    if (territory.owner_id === recipientId) throw conflict(`${recipient.username} already owns ${territory.name}`);
    await changeOwner(tx, territory, recipientId, WANAKT_USER_ID, price, price === 0 ? 'gift' : 'assignment');
    return { territory, username: recipient.username };
  });
  deps.events.publish({ type: 'territories.changed', territoryIds: [territoryId] });
  if (price > 0) deps.events.publish({ type: 'balances.changed', userIds: [recipientId, WANAKT_USER_ID] });
  return {
    message: price === 0 ? `${territory.name} was given to ${username} as a gift` : `${territory.name} was assigned to ${username} for ${price} DRK`,
  };
}

/** Who owned a territory and at what price, newest first. */
export async function territoryHistory(sql: Queryable, territoryId: number): Promise<OwnershipChangeDto[]> {
  const [territory] = await sql`select 1 from territories where id = ${territoryId}`;
  if (!territory) throw notFound('Territory not found');
  const rows = await sql<(Omit<OwnershipChangeDto, 'id' | 'price' | 'created_at'> & { id: string; price: string; created_at: Date })[]>`
    select c.id::text, c.from_owner_id, f.username as from_owner_name, c.to_owner_id, t.username as to_owner_name,
           c.price::text, c.reason, c.created_at
      from ownership_changes c
      left join users f on f.id = c.from_owner_id
      left join users t on t.id = c.to_owner_id
     where c.territory_id = ${territoryId}
     order by c.created_at desc, c.id desc
     limit 200`;
  return rows.map((row) => ({ ...row, id: Number(row.id), price: Number(row.price), created_at: row.created_at.toISOString() }));
}
