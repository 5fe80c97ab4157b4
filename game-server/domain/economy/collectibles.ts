import type { CollectibleActionDto, CollectibleDto } from '../../../schema/api/collectibles.ts';
import { WANAKT_USER_ID, type CollectibleType } from '../../../schema/constants.ts';
import type { ActingUser } from '../../../schema/commands/policy.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { transfer } from './ledger.ts';
import type { Work } from '../service-deps.ts';
import { formatDrk } from '../../../schema/format.ts';

type CollectibleRow = Omit<CollectibleDto, 'price' | 'label' | 'acquired_at'> & { price: string; acquired_at: Date | null };

const columns = (q: Queryable) =>
  q`id, name, description, type, rarity, serial_number, price::text as price, owner_id, is_active, acquired_at`;
// The rarest come last within each type, so a common keep is listed before the golden dome.
const shopOrder = (q: Queryable) => q`type, array_position(array['common', 'rare', 'epic', 'legendary'], rarity), name, serial_number`;

function toDto(row: CollectibleRow): CollectibleDto {
  return {
    ...row,
    price: Number(row.price),
    label: row.owner_id === null ? 'Available' : row.is_active ? 'Applied' : 'In Collection',
    acquired_at: row.acquired_at?.toISOString() ?? null,
  };
}

export async function listAvailableCollectibles(sql: Queryable): Promise<CollectibleDto[]> {
  const rows = await sql<CollectibleRow[]>`select ${columns(sql)} from collectibles where owner_id is null order by ${shopOrder(sql)}`;
  return rows.map(toDto);
}

/** A player's collection; collections are public, like the territories a player owns. */
export async function listUserCollectibles(sql: Queryable, userId: string): Promise<CollectibleDto[]> {
  const [user] = await sql`select 1 from users where id = ${userId}`;
  if (!user) throw notFound('User not found');
  const rows = await sql<CollectibleRow[]>`select ${columns(sql)} from collectibles where owner_id = ${userId} order by ${shopOrder(sql)}`;
  return rows.map(toDto);
}

async function lockCollectible(tx: Tx, id: number): Promise<CollectibleRow> {
  const [row] = await tx<CollectibleRow[]>`select ${columns(tx)} from collectibles where id = ${id} for no key update`;
  if (!row) throw notFound('Collectible not found');
  return row;
}

const title = (row: CollectibleRow) => `${row.name} #${row.serial_number}`;

/**
 * The buyer pays the price to the Wanakt's treasury and takes the serial number. The row is locked
 * first, so of two buyers at once the second finds it sold and keeps its DRK.
 */
export async function purchaseCollectible({ tx, now }: Work, buyer: ActingUser, collectibleId: number): Promise<CollectibleActionDto> {
  if (buyer.id === WANAKT_USER_ID) throw forbidden('The treasury sells collectibles; it does not buy them');
  const row = await lockCollectible(tx, collectibleId);
  if (row.owner_id === buyer.id) throw conflict('You already own this collectible');
  if (row.owner_id !== null) throw conflict('This collectible has already been sold');
  const price = Number(row.price);
  if (price > 0) {
    await transfer(tx, buyer.id, WANAKT_USER_ID, { amount: price, reason: 'collectible', reference: `collectible:${collectibleId}` }, now);
  }
  const [updated] = await tx<CollectibleRow[]>`
    update collectibles set owner_id = ${buyer.id}, acquired_at = ${now}, is_active = false
     where id = ${collectibleId} returning ${columns(tx)}`;
  return { message: `You bought ${title(updated)} for ${formatDrk(updated.price)}`, collectible: toDto(updated) };
}

/**
 * Applies an owned collectible, or takes it off. One palace skin and one heraldry can be applied at
 * a time, so applying one takes off the owner's others of its type. The owner's collectibles of
 * that type are locked in id order so two applies at once cannot leave two applied.
 */
export async function setCollectibleApplied(
  { tx }: Work,
  owner: ActingUser,
  collectibleId: number,
  applied: boolean,
): Promise<CollectibleActionDto> {
  const [found] = await tx<
    { owner_id: string | null; type: CollectibleType }[]
  >`select owner_id, type from collectibles where id = ${collectibleId}`;
  if (!found) throw notFound('Collectible not found');
  if (found.owner_id !== owner.id) throw forbidden('You do not own this collectible');
  await tx`select id from collectibles where owner_id = ${owner.id} and type = ${found.type} order by id for no key update`;
  const row = await lockCollectible(tx, collectibleId);
  if (row.owner_id !== owner.id) throw forbidden('You do not own this collectible');
  if (applied) {
    await tx`update collectibles set is_active = false where owner_id = ${owner.id} and type = ${row.type} and id <> ${collectibleId} and is_active`;
  }
  const [updated] = await tx<
    CollectibleRow[]
  >`update collectibles set is_active = ${applied} where id = ${collectibleId} returning ${columns(tx)}`;
  return { message: `${title(updated)} is ${applied ? 'applied' : 'back in your collection'}`, collectible: toDto(updated) };
}
