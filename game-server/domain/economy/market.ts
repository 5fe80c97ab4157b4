import { takePage, type KeyedPage, type PageRequest } from '../../../schema/api/pages.ts';
import type { ProfileTradeDto } from '../../../schema/api/profiles.ts';
import { HISTORY_LIMIT, type OwnershipChangeDto } from '../../../schema/api/territories.ts';
import type { Queryable } from '../../infra/db/database.ts';
import type { DomainEvent } from '../../infra/events/domain-events.ts';
import type { Work } from '../service-deps.ts';
import { voidOffersOn } from './offers.ts';
import { leadingBid, lockRunningAuctionOn, voidAuction } from './auctions.ts';
import { ESCROW_USER_ID } from '../../../schema/constants.ts';
import { notFound } from '../../errors.ts';
import type { LockedTerritory } from '../world/territories.ts';
import { transfer, type LedgerReason } from './ledger.ts';
import type { SaleVerdict } from '../fair-play/marks.ts';

type ChangeReason = OwnershipChangeDto['reason'];

/**
 * Hands a locked territory to its new owner: the open offers on it end and their DRK goes back
 * (docs/rules.md §4 "Offers"), a running auction of it is called off and its leader's DRK goes back
 * (§4 "Auctions"), the price is paid (so a short balance leaves everything as it was),
 * then the owner changes, the listing closes and the history gets its row, with the sale's verdict
 * (docs/rules.md §4 "Trades that count"; none for a gift or an assignment). Paying before the history
 * row also takes the users' row locks before its foreign keys take weaker ones, so one buyer's two
 * purchases at once queue instead of deadlocking. Answers the events of the offers and the auction it ended, which
 * the caller emits with its own.
 */
export async function changeOwner(
  work: Work,
  territory: LockedTerritory,
  to: string,
  payee: string,
  price: number,
  reason: ChangeReason,
  verdict: SaleVerdict | null = null,
): Promise<DomainEvent[]> {
  // Its running auction is locked before the offers (subject rows before accounts) and its leader
  // joins the accounts the offers' end locks in one order (docs/rules.md §4 "Auctions").
  const auction = await lockRunningAuctionOn(work.tx, territory.id);
  const leader = auction && leadingBid(auction);
  const paying = [to, payee, ...(leader ? [ESCROW_USER_ID, leader.bidderId] : [])];
  const offerEvents = await voidOffersOn(work, territory.id, paying);
  const auctionEvents = auction ? await voidAuction(work, auction, paying) : [];
  // A payer and payee that are one account (the Wanakt buying from its own treasury) move nothing.
  if (price > 0 && to !== payee) {
    const ledgerReason: LedgerReason = reason === 'purchase' ? 'territory_purchase' : 'territory_assignment';
    await transfer(work.tx, to, payee, { amount: price, reason: ledgerReason, territoryId: territory.id }, work.now);
  }
  await work.tx`update territories set owner_id = ${to}, purchase_price = ${price}, sale_price = null where id = ${territory.id}`;
  await work.tx`
    insert into ownership_changes (territory_id, from_owner_id, to_owner_id, price, reason, created_at, linked, not_counted)
    values (${territory.id}, ${territory.owner_id}, ${to}, ${price}, ${reason}, ${work.now},
            ${verdict?.link?.reason ?? null}, ${verdict?.notCounted ?? null})`;
  return [...offerEvents, ...auctionEvents];
}

/** Where a territory's history sorts a change: its time as stored (microseconds), then its id, newest first. */
export type OwnershipChangeKey = [createdAt: string, id: number];

/** Who owned a territory and at what price, newest first. */
export async function territoryHistory(sql: Queryable, territoryId: number): Promise<OwnershipChangeDto[]> {
  await mustExist(sql, territoryId);
  return (await ownershipChanges(sql, { territoryId }, null, HISTORY_LIMIT)).map(toChange);
}

/** A territory's whole history, newest first, a page at a time. */
export async function pageTerritoryHistory(
  sql: Queryable,
  territoryId: number,
  page: PageRequest<OwnershipChangeKey>,
): Promise<KeyedPage<OwnershipChangeDto, OwnershipChangeKey>> {
  await mustExist(sql, territoryId);
  const rows = await ownershipChanges(sql, { territoryId }, page.after, page.limit + 1);
  const { rows: kept, next } = takePage(rows, page.limit, (row): OwnershipChangeKey => [row.sort_at, Number(row.id)]);
  return { rows: kept.map(toChange), next };
}

/** The territories a player bought, sold, was given or gave away, newest first. */
export async function tradesOf(sql: Queryable, userId: string, limit: number): Promise<ProfileTradeDto[]> {
  return (await ownershipChanges(sql, { userId }, null, limit)).map(toTrade);
}

/** The latest sales the trade filter left out of prices (docs/rules.md §4 "Trades that count"), newest first. */
export async function tradesLeftOut(sql: Queryable, limit: number): Promise<ProfileTradeDto[]> {
  return (await ownershipChanges(sql, { notCounted: true }, null, limit)).map(toTrade);
}

type ChangeRow = Omit<ProfileTradeDto, 'id' | 'price' | 'created_at'> & { id: string; price: string; created_at: Date; sort_at: string };

function toTrade({ sort_at: _key, ...row }: ChangeRow): ProfileTradeDto {
  return { ...row, id: Number(row.id), price: Number(row.price), created_at: row.created_at.toISOString() };
}

function toChange(row: ChangeRow): OwnershipChangeDto {
  const { territory_id: _id, territory_name: _name, ...change } = toTrade(row);
  return change;
}

async function mustExist(sql: Queryable, territoryId: number): Promise<void> {
  const [territory] = await sql`select 1 from territories where id = ${territoryId}`;
  if (!territory) throw notFound('Territory not found');
}

async function ownershipChanges(
  sql: Queryable,
  filter: { territoryId: number } | { userId: string } | { notCounted: true },
  after: OwnershipChangeKey | null,
  limit: number,
): Promise<ChangeRow[]> {
  const where =
    'territoryId' in filter
      ? sql`c.territory_id = ${filter.territoryId}`
      : 'userId' in filter
        ? sql`(c.from_owner_id = ${filter.userId} or c.to_owner_id = ${filter.userId})`
        : sql`c.not_counted is not null`;
  // JSON renders a timestamp with all its microseconds whatever the session's date style.
  return sql<ChangeRow[]>`
    select c.id::text, c.territory_id, tr.name as territory_name, c.from_owner_id, f.username as from_owner_name,
           c.to_owner_id, t.username as to_owner_name, c.price::text, c.reason, c.linked is not null as linked, c.not_counted, c.created_at, to_json(c.created_at) #>> '{}' as sort_at
      from ownership_changes c
      join territories tr on tr.id = c.territory_id
      left join users f on f.id = c.from_owner_id
      left join users t on t.id = c.to_owner_id
     where ${where}
       ${after ? sql`and (c.created_at, c.id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
     order by c.created_at desc, c.id desc
     limit ${limit}`;
}
