import { pushKindOf, pushPayloadOf, quietUntil, type PushPayload } from '../../../schema/rules/push.ts';
import type { NotificationKind } from '../../../schema/rules/notifications.ts';
import type { PushResult, PushTarget } from '../../infra/push/push-service.ts';
import type { Work } from '../service-deps.ts';
import { pushPreferences } from './push-settings.ts';

// The queue's side of pushing (docs/rules.md §11 "Push"): one delivery is claimed at a time, POSTed
// outside any transaction by the push-send job, then settled. See migrations/0065_push_subscriptions.sql
// for the states.

/** A claimed delivery: the device it goes to and what it says. */
export interface ClaimedPush {
  id: number;
  subscriptionId: number;
  attempts: number;
  target: PushTarget;
  payload: PushPayload;
}

interface DueRow {
  id: number;
  subscription_id: number;
  attempts: number;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  notification_id: number;
  kind: NotificationKind;
  text: string;
  link: string | null;
}

/**
 * Claims the next delivery due, if any, and marks it 'sending' in the same transaction, so a job
 * that runs again, here or in another process, cannot take it twice. On the way: a claim whose lease
 * ran out is lost (whether the push service took it cannot be known: it is not sent again), a kind
 * the player switched off since is dropped, and one that meets the player's quiet hours waits for
 * their end.
 */
export async function claimNextPush({ tx, now }: Work, leaseSeconds: number): Promise<ClaimedPush | null> {
  await tx`
    update push_deliveries
       set status = 'lost', lease_until = null,
           last_error = 'The process sending it stopped mid-send; not sent again, so it cannot arrive twice'
     where status = 'sending' and lease_until < ${now}`;
  for (;;) {
    const [next] = await tx<DueRow[]>`
      select d.id::int, d.subscription_id::int, d.attempts, s.user_id, s.endpoint, s.p256dh, s.auth,
             n.id::int as notification_id, n.kind, n.text, n.link
        from push_deliveries d
        join push_subscriptions s on s.id = d.subscription_id
        join notifications n on n.id = d.notification_id
       where d.status = 'queued' and d.next_attempt_at <= ${now}
       order by d.next_attempt_at, d.id
       limit 1
       for update of d skip locked`;
    if (!next) return null;
    const kind = pushKindOf(next.kind);
    const preferences = await pushPreferences(tx, next.user_id);
    if (kind === null || !preferences.kinds.includes(kind)) {
      await tx`update push_deliveries set status = 'dropped', last_error = 'Its kind was switched off before it went' where id = ${next.id}`;
      continue;
    }
    const quietEnd = quietUntil(now, preferences.quiet_hours);
    if (quietEnd) {
      await tx`update push_deliveries set next_attempt_at = ${quietEnd} where id = ${next.id}`;
      continue;
    }
    await tx`
      update push_deliveries set status = 'sending', attempts = attempts + 1, lease_until = ${new Date(now.getTime() + leaseSeconds * 1000)}
       where id = ${next.id}`;
    return {
      id: next.id,
      subscriptionId: next.subscription_id,
      attempts: next.attempts + 1,
      target: { endpoint: next.endpoint, p256dh: next.p256dh, auth: next.auth },
      payload: pushPayloadOf({ id: next.notification_id, kind, text: next.text, link: next.link }),
    };
  }
}

/** How long a delivery waits after its n-th failed try: 1 minute, 5, 30; then it is given up. */
export const PUSH_RETRY_MINUTES = [1, 5, 30] as const;

/**
 * Records how a claimed delivery went, and answers whether it was given up. A device the push
 * service says is gone is forgotten, with its other deliveries; a refusal for good or the last
 * failed try gives the delivery up; another failure waits its turn.
 */
export async function settlePush({ tx, now }: Work, push: ClaimedPush, result: PushResult): Promise<{ givenUp: boolean }> {
  if (result.outcome === 'sent') {
    await tx`update push_deliveries set status = 'sent', sent_at = ${now}, lease_until = null, last_error = null where id = ${push.id}`;
    await tx`update push_subscriptions set last_success_at = ${now} where id = ${push.subscriptionId}`;
    return { givenUp: false };
  }
  if (result.outcome === 'gone') {
    await tx`delete from push_subscriptions where id = ${push.subscriptionId}`;
    return { givenUp: false };
  }
  await tx`update push_subscriptions set last_failure_at = ${now}, last_error = ${result.error} where id = ${push.subscriptionId}`;
  const wait = result.outcome === 'retry' ? PUSH_RETRY_MINUTES[push.attempts - 1] : undefined;
  if (wait === undefined) {
    await tx`update push_deliveries set status = 'failed', lease_until = null, last_error = ${result.error} where id = ${push.id}`;
    return { givenUp: true };
  }
  await tx`
    update push_deliveries set status = 'queued', lease_until = null, last_error = ${result.error},
           next_attempt_at = ${new Date(now.getTime() + wait * 60_000)}
     where id = ${push.id}`;
  return { givenUp: false };
}

/** Finished deliveries are kept a week, to see what went where, then forgotten. */
export const PUSH_KEPT_DAYS = 7;

export async function forgetOldPushes({ tx, now }: Work): Promise<void> {
  await tx`delete from push_deliveries where status not in ('queued', 'sending') and created_at < ${new Date(now.getTime() - PUSH_KEPT_DAYS * 86_400_000)}`;
}
