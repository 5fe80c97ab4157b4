import { AUCTIONS_ENDING_SOON, minNextBid, underAuction, type AuctionFacts, type AuctionStatus } from '../../../schema/rules/auctions.ts';
import type { AuctionDto, AuctionListDto, TerritoryAuctionDto } from '../../../schema/api/auctions.ts';
import { ESCROW_USER_ID } from '../../../schema/constants.ts';
import { auctionOutbid } from '../../../schema/rules/notifications.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import type { DomainEvent } from '../../infra/events/domain-events.ts';
import { noticesCreated, notify } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import { lockTerritory, type LockedTerritory } from '../world/territories.ts';
import { lockAccounts, transfer } from './ledger.ts';

// docs/rules.md §4 "Auctions": the escrow of the leading bid, the end of an auction, and what the
// pages read. The leading bid's DRK is held by the escrow account from the bid to the moment it is
// beaten, returned or paid, by two ledger lines that name the bid (`auction-bid:<id>`), so the
// invariant check (supply.ts) can tie each to its bid.

export interface AuctionRow {
  id: number;
  territory_id: number;
  territory_name: string;
  seller_id: string;
  seller_name: string;
  start_price: string;
  reserve: string | null;
  status: AuctionStatus;
  created_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  bids: number;
  /** The latest bid, which is the highest: the leader while it runs, the last leader once it ended. */
  leader_bid_id: number | null;
  leader_bid_status: 'leading' | 'outbid' | 'returned' | 'won' | null;
  leader_id: string | null;
  leader_name: string | null;
  leader_amount: string | null;
}

export const bidReference = (bidId: number) => `auction-bid:${bidId}`;

/** The bid that holds DRK now, if any: a running auction's leader. */
export function leadingBid(row: AuctionRow): { id: number; bidderId: string; bidderName: string; amount: number } | null {
  if (row.leader_bid_status !== 'leading') return null;
  return { id: row.leader_bid_id!, bidderId: row.leader_id!, bidderName: row.leader_name!, amount: Number(row.leader_amount) };
}

export const factsOfAuction = (row: AuctionRow): AuctionFacts => {
  const leader = leadingBid(row);
  return {
    territory: row.territory_name,
    status: row.status,
    sellerId: row.seller_id,
    startPrice: Number(row.start_price),
    endsAt: row.ends_at,
    leader: leader && { bidderId: leader.bidderId, amount: leader.amount },
  };
};

/** An auction as the API shows it: its reserve to its seller only, whether it is met to everyone. */
export function toAuctionDto(row: AuctionRow, viewerId: string | null): AuctionDto {
  const reserve = row.reserve === null ? null : Number(row.reserve);
  const leading = row.leader_amount === null ? null : Number(row.leader_amount);
  return {
    id: row.id,
    territory_id: row.territory_id,
    territory_name: row.territory_name,
    seller_id: row.seller_id,
    seller_name: row.seller_name,
    start_price: Number(row.start_price),
    reserve: viewerId === row.seller_id ? reserve : null,
    has_reserve: reserve !== null,
    reserve_met: reserve === null || (leading !== null && leading >= reserve),
    status: row.status,
    created_at: row.created_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    bids: row.bids,
    leader: row.leader_id === null ? null : { id: row.leader_id, name: row.leader_name!, amount: leading! },
    min_next_bid: minNextBid(Number(row.start_price), row.leader_bid_status === 'leading' ? leading : null),
  };
}

const selectAuctions = (sql: Queryable) => sql`
  select a.id, a.territory_id, t.name as territory_name, a.seller_id, s.username as seller_name, a.start_price::text, a.reserve::text,
         a.status, a.created_at, a.ends_at, a.ended_at,
         (select count(*)::int from auction_bids c where c.auction_id = a.id) as bids,
         l.id as leader_bid_id, l.status as leader_bid_status, l.bidder_id as leader_id, lu.username as leader_name, l.amount::text as leader_amount
    from auctions a
    join territories t on t.id = a.territory_id
    join users s on s.id = a.seller_id
    left join lateral (select id, status, bidder_id, amount from auction_bids b where b.auction_id = a.id order by b.id desc limit 1) l on true
    left join users lu on lu.id = l.bidder_id`;

/**
 * Locks an auction for a command or the settlement: its territory first, then the auction
 * (docs/write-path.md's order), so two bids, a bid and the settlement, or two settlements queue on
 * the territory and the second sees what the first did.
 */
export async function lockAuction(tx: Tx, auctionId: number): Promise<{ territory: LockedTerritory; auction: AuctionRow }> {
  const [target] = await tx<{ territory_id: number }[]>`select territory_id from auctions where id = ${auctionId}`;
  if (!target) throw notFound('Auction not found');
  const territory = await lockTerritory(tx, target.territory_id);
  await tx`select id from auctions where id = ${auctionId} for no key update`;
  const [auction] = await tx<AuctionRow[]>`${selectAuctions(tx)} where a.id = ${auctionId}`;
  return { territory, auction };
}

/** One auction's row as it stands now, without a lock. */
export async function auctionRow(sql: Queryable, auctionId: number): Promise<AuctionRow> {
  const [auction] = await sql<AuctionRow[]>`${selectAuctions(sql)} where a.id = ${auctionId}`;
  if (!auction) throw notFound('Auction not found');
  return auction;
}

/** One auction as it stands now, for the viewer: what a command answers after it wrote. */
export async function readAuction(sql: Queryable, auctionId: number, viewerId: string | null): Promise<AuctionDto> {
  return toAuctionDto(await auctionRow(sql, auctionId), viewerId);
}

/** The running auction of a territory, if any: while it runs the land changes hands only by it. */
export async function runningAuctionOn(sql: Queryable, territoryId: number): Promise<number | null> {
  const [row] = await sql<{ id: number }[]>`select id from auctions where territory_id = ${territoryId} and status = 'running'`;
  return row?.id ?? null;
}

/**
 * docs/rules.md §4 "Auctions": while an auction runs its territory changes hands only by it (or by
 * the Wanakt's assignment, which calls it off): listing, giving and selling it by an offer are refused.
 */
export async function refuseUnderAuction(sql: Queryable, territory: { id: number; name: string }): Promise<void> {
  if ((await runningAuctionOn(sql, territory.id)) !== null) throw conflict(underAuction(territory.name));
}

/** Moves a bid's DRK from its bidder to the escrow: a ledger line "held for a bid on X". */
export async function holdBid(tx: Tx, bid: { id: number; bidderId: string; territoryId: number; amount: number }, at: Date): Promise<void> {
  await transfer(
    tx,
    bid.bidderId,
    ESCROW_USER_ID,
    { amount: bid.amount, reason: 'auction_hold', territoryId: bid.territoryId, reference: bidReference(bid.id) },
    at,
  );
}

/**
 * Ends the leading bid (beaten, returned, or won and so paid from the bidder's balance by the sale)
 * and gives its DRK back to its bidder. Answers false, moving nothing, for a bid that no longer led.
 */
export async function endBid(
  tx: Tx,
  bid: { id: number; bidderId: string; amount: number },
  territoryId: number,
  status: 'outbid' | 'returned' | 'won',
  now: Date,
): Promise<boolean> {
  const ended =
    await tx`update auction_bids set status = ${status}, ended_at = ${now} where id = ${bid.id} and status = 'leading' returning id`;
  if (ended.length === 0) return false;
  await transfer(
    tx,
    ESCROW_USER_ID,
    bid.bidderId,
    { amount: bid.amount, reason: 'auction_return', territoryId, reference: bidReference(bid.id) },
    now,
  );
  return true;
}

/** Marks a running auction ended; false when it had already ended (each ends once). */
export async function endAuction(tx: Tx, auctionId: number, status: Exclude<AuctionStatus, 'running'>, now: Date): Promise<boolean> {
  const ended =
    await tx`update auctions set status = ${status}, ended_at = ${now} where id = ${auctionId} and status = 'running' returning id`;
  return ended.length > 0;
}

/** The running auction of a territory whose owner is changing by another path, locked, with its leader: see voidAuction. */
export async function lockRunningAuctionOn(tx: Tx, territoryId: number): Promise<AuctionRow | null> {
  const id = await runningAuctionOn(tx, territoryId);
  if (id === null) return null;
  await tx`select id from auctions where id = ${id} for no key update`;
  const [auction] = await tx<AuctionRow[]>`${selectAuctions(tx)} where a.id = ${id}`;
  return auction;
}

/**
 * docs/rules.md §4 "Auctions": a territory that changes hands by another path (the Wanakt's
 * assignment) calls its running auction off, the leader's DRK returned and the leader told, in the
 * transaction of the change. changeOwner locks the auction before the offers, and the leader is
 * locked with every account the change pays (`alsoPaying`) in one id order.
 */
export async function voidAuction(work: Work, auction: AuctionRow, alsoPaying: readonly string[]): Promise<DomainEvent[]> {
  if (!(await endAuction(work.tx, auction.id, 'voided', work.now))) return [];
  const leader = leadingBid(auction);
  const events: DomainEvent[] = [{ type: 'auctions.changed', territoryIds: [auction.territory_id] }];
  if (!leader) return events;
  await lockAccounts(work.tx, [ESCROW_USER_ID, leader.bidderId, ...alsoPaying]);
  await endBid(work.tx, leader, auction.territory_id, 'returned', work.now);
  const notices = await notify(work.tx, [auctionOutbid(leader.bidderId, auction.territory_name, leader.amount, 'voided')], work.now);
  return [...events, ...noticesCreated(notices), { type: 'balances.changed', userIds: [leader.bidderId] }];
}

/** Running auctions whose end has passed, the earliest first: the settlement job settles each in a transaction of its own. */
export async function auctionsDue(sql: Queryable, now: Date, limit: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from auctions where status = 'running' and ends_at <= ${now} order by ends_at, id limit ${limit}`;
  return rows.map((row) => row.id);
}

/** GET /api/territories/{id}/auction: its running auction, else its latest, else none. */
export async function territoryAuction(sql: Queryable, territoryId: number, viewerId: string | null): Promise<TerritoryAuctionDto> {
  const [territory] = await sql`select id from territories where id = ${territoryId}`;
  if (!territory) throw notFound('Territory not found');
  const [latest] = await sql<AuctionRow[]>`
    ${selectAuctions(sql)} where a.territory_id = ${territoryId} order by a.status = 'running' desc, a.id desc limit 1`;
  return { auction: latest ? toAuctionDto(latest, viewerId) : null };
}

/** GET /api/auctions/ending-soon: the running auctions, the nearest end first. */
export async function auctionsEndingSoon(sql: Queryable, viewerId: string | null): Promise<AuctionListDto> {
  const rows = await sql<AuctionRow[]>`
    ${selectAuctions(sql)} where a.status = 'running' order by a.ends_at, a.id limit ${AUCTIONS_ENDING_SOON}`;
  return { auctions: rows.map((row) => toAuctionDto(row, viewerId)) };
}
