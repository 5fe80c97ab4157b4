import { muteRefusal } from '../../../schema/rules/moderation.ts';
import { BROADCAST_DAY_MS, nextBroadcastAt } from '../../../schema/rules/store.ts';
import type { Queryable } from '../../infra/db/database.ts';

// docs/rules.md §4 "Broadcast flow" and §9 "Broadcast": the one check of whether a player may send
// a broadcast, made before fulfilment.ts's sendPaidBroadcast (the one write of a broadcast) by both
// the payment's fulfilment and the send command; payments/ never depends on social/.

/**
 * Why a broadcast cannot be sent now: the sender is muted (with the mute's own wording), has spent
 * the day's broadcast (with when the next may go), or already holds a paid broadcast no broadcast
 * used (its payment: the send command sends with it, a further payment is refused).
 */
export type BroadcastRefusal =
  { reason: 'muted'; refusal: string } | { reason: 'day_spent'; next: Date } | { reason: 'already_paid'; paymentId: string };

/** The broadcasts this player sent in the last day, oldest first. */
export async function sentInLastDay(sql: Queryable, senderId: string, now: Date): Promise<Date[]> {
  const rows = await sql<{ created_at: Date }[]>`
    select created_at from broadcasts where sender_id = ${senderId} and created_at > ${new Date(now.getTime() - BROADCAST_DAY_MS)}
     order by created_at`;
  return rows.map((row) => row.created_at);
}

/** The oldest succeeded broadcast payment of this player that no broadcast has used yet, other than `except`. */
export async function unusedBroadcastPayment(sql: Queryable, senderId: string, except: string | null = null): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    select p.id from payments p
     where p.user_id = ${senderId} and p.purpose = 'broadcast' and p.status = 'succeeded'
       and p.id is distinct from ${except}
       and not exists (select 1 from broadcasts b where b.payment_id = p.id)
     order by p.created_at, p.id
     limit 1`;
  return row?.id ?? null;
}

/**
 * Whether this sender may send a broadcast now, or why not. Inside a transaction the sender's row
 * stays locked until it ends, so one player's sends and payments queue and the daily limit holds
 * across both paths. `paying` is the payment being fulfilled, which is not counted as held.
 */
export async function broadcastRefusal(
  tx: Queryable,
  senderId: string,
  now: Date,
  paying: string | null,
): Promise<BroadcastRefusal | null> {
  await tx`select id from users where id = ${senderId} for no key update`;
  const [mute] = await tx<{ muted_until: Date; reason: string }[]>`select muted_until, reason from mutes where user_id = ${senderId}`;
  const refusal = muteRefusal(mute ? { mutedUntil: mute.muted_until, reason: mute.reason } : null, now);
  if (refusal) return { reason: 'muted', refusal };
  const next = nextBroadcastAt(await sentInLastDay(tx, senderId, now));
  if (next) return { reason: 'day_spent', next };
  const paymentId = await unusedBroadcastPayment(tx, senderId, paying);
  return paymentId ? { reason: 'already_paid', paymentId } : null;
}
