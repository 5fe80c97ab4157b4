import type { Tx } from '../../infra/db/database.ts';
import { linkBetween, type Link } from './links.ts';

// docs/rules.md §10 "Fair play": a sale or a rent payment between linked accounts keeps why on its
// row when it happens, so the rankings and a profile's trades read a mark rather than the links.

/** Marks the territory's latest sale when buyer and seller are linked; answers the link. */
export async function markSale(tx: Tx, territoryId: number, buyerId: string, sellerId: string | null): Promise<Link | null> {
  const link = sellerId ? await linkBetween(tx, buyerId, sellerId) : null;
  if (link)
    await tx`
      update ownership_changes set linked = ${link.reason}
       where id = (select max(id) from ownership_changes where territory_id = ${territoryId})`;
  return link;
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
