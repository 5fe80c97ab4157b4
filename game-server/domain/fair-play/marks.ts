import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { farFromMarket } from '../../../schema/rules/fair-play.ts';
import { TRADE_EXCLUSION_TEXT, TRADE_FILTER_DAYS, tradeExclusion, type TradeExclusion } from '../../../schema/rules/trade-filter.ts';
import type { Tx } from '../../infra/db/database.ts';
import { landEvidence, LINK_REASONS, linkBetween, type Link } from './links.ts';
import { typeMedian } from './type-median.ts';

// docs/rules.md §10 "Fair play" and §4 "Trades that count": a sale or a rent payment between linked
// accounts, and a sale the trade filter leaves out, keep why on their rows when they happen, so the
// prices, the rankings, the seasons and a profile's trades read a mark rather than working it out again.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A sale judged before it is recorded: the link between its two sides, and why it does not count, if it does not. */
export interface SaleVerdict {
  link: Link | null;
  notCounted: TradeExclusion | null;
}

const TREASURY_SALE: SaleVerdict = { link: null, notCounted: null };

/**
 * Judges a sale of a territory between players before its owner changes: a sale from the treasury is
 * no trade between players and counts as it is. The sale itself links the two when its price is far
 * from the territory's (the link rule reads recorded sales, and this one is not recorded yet).
 */
export async function judgeSale(
  tx: Tx,
  sale: { territoryId: number; sellerId: string | null; buyerId: string; price: number },
  now: Date,
): Promise<SaleVerdict> {
  const { territoryId, sellerId, buyerId, price } = sale;
  if (sellerId === null || sellerId === WANAKT_USER_ID || sellerId === buyerId) return TREASURY_SALE;
  const since = new Date(now.getTime() - TRADE_FILTER_DAYS * DAY_MS);
  const [territory] = await tx<{ name: string; type: string; market: string }[]>`
    select name, type, price::text as market from territories where id = ${territoryId}`;
  const market = Number(territory.market);
  const link =
    (await linkBetween(tx, buyerId, sellerId)) ??
    (farFromMarket(price, market)
      ? {
          reason: LINK_REASONS.land,
          evidence: [landEvidence({ from_id: sellerId, to_id: buyerId, reason: 'purchase', price, market, name: territory.name, at: now })],
        }
      : null);
  const [back] = await tx`
    select 1 from ownership_changes
     where territory_id = ${territoryId} and from_owner_id = ${buyerId} and reason in ('purchase', 'gift') and created_at > ${since}
     limit 1`;
  const [pair] = await tx<{ trades: number }[]>`
    select count(*)::int as trades from ownership_changes
     where reason = 'purchase' and created_at > ${since}
       and ((from_owner_id = ${buyerId} and to_owner_id = ${sellerId}) or (from_owner_id = ${sellerId} and to_owner_id = ${buyerId}))`;
  const notCounted = tradeExclusion({
    linked: link !== null,
    returnsToSeller: back !== undefined,
    earlierPairTrades: pair.trades,
    price,
    typeMedian: await typeMedian(tx, territory.type, now),
  });
  return { link, notCounted };
}

/** Why a sale does not count, as the seasons tell the player: the link's words, or the filter's. */
export function notCountedBecause(verdict: SaleVerdict): string | null {
  if (verdict.link) return verdict.link.reason;
  return verdict.notCounted ? `This trade does not count: ${TRADE_EXCLUSION_TEXT[verdict.notCounted]}.` : null;
}

/** Marks a paid rent payment when payer and payee are linked; answers the link. */
export async function markRent(tx: Tx, paymentId: number): Promise<Link | null> {
  const [payment] = await tx<
    { payer_id: string; payee_id: string }[]
  >`select payer_id, payee_id from rent_payments where id = ${paymentId}`;
  const link = payment ? await linkBetween(tx, payment.payer_id, payment.payee_id) : null;
  if (link) await tx`update rent_payments set linked = ${link.reason} where id = ${paymentId}`;
  return link;
}
