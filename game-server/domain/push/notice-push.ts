import { pushKindOf } from '../../../schema/rules/push.ts';
import type { NotificationKind } from '../../../schema/rules/notifications.ts';
import type { Tx } from '../../infra/db/database.ts';

/**
 * docs/rules.md §11 "Push": each stored notice of a kind its player has pushed is queued for each
 * of the player's devices, in the transaction that stores it; the push-send job sends it. The
 * notice stays the one source of what is said.
 */
export async function queueNoticePush(
  tx: Tx,
  notices: readonly { id: number; userId: string; kind: NotificationKind }[],
  now: Date,
): Promise<void> {
  const pushable = notices.filter((notice) => pushKindOf(notice.kind) !== null);
  if (pushable.length === 0) return;
  const devices = await tx<{ id: string; user_id: string; kinds: string[] }[]>`
    select s.id::text, s.user_id, p.kinds from push_subscriptions s join push_preferences p on p.user_id = s.user_id
     where s.user_id in ${tx([...new Set(pushable.map((notice) => notice.userId))])} and jsonb_array_length(p.kinds) > 0`;
  const rows = pushable.flatMap((notice) =>
    devices
      .filter((device) => device.user_id === notice.userId && device.kinds.includes(pushKindOf(notice.kind)!))
      .map((device) => ({ notification_id: notice.id, subscription_id: device.id, next_attempt_at: now, created_at: now })),
  );
  if (rows.length > 0) await tx`insert into push_deliveries ${tx(rows)} on conflict do nothing`;
}
