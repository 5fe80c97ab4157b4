import type { MailStopKind } from '../../../schema/api/mail.ts';
import type { Work } from '../service-deps.ts';
import type { MailData, MailKind } from './templates.ts';

// The queue's side of sending (docs/rules.md §11 "Mail"): one message is claimed at a time, sent
// outside any transaction by the mail-send job, then settled. See migrations/0036_mail_queue.sql for
// the states.

/** A claimed message: what the job renders and sends. */
export interface ClaimedMail {
  id: number;
  kind: MailKind;
  to_address: string;
  user_id: string | null;
  ad_id: number | null;
  data: MailData[MailKind];
  stop_kind: MailStopKind | null;
  attempts: number;
  created_at: Date;
}

export interface ClaimRules {
  /** How long a claim holds before its row is counted lost. */
  leaseSeconds: number;
  /** docs/rules.md §11: at most this many messages to one address an hour. */
  perAddressPerHour: number;
}

const HOUR_MS = 3_600_000;

/**
 * Claims the next message due, if any: rows another sender holds are skipped (FOR UPDATE SKIP
 * LOCKED), so two processes never take the same one. On the way it settles what cannot go now: a
 * claim whose lease ran out is lost (its process stopped mid-send, and whether the server took it
 * cannot be known: it is not sent again), a message to a refused address is suppressed, and one to
 * an address that had its hour's share waits until the hour after the oldest of them.
 */
export async function claimNextMail({ tx, now }: Work, rules: ClaimRules): Promise<ClaimedMail | null> {
  await tx`
    update mail_messages
       set status = 'lost', lease_until = null,
           last_error = 'The process sending it stopped mid-send; not sent again, so it cannot arrive twice'
     where status = 'sending' and lease_until < ${now}`;
  for (;;) {
    const [next] = await tx<ClaimedMail[]>`
      select id::int, kind, to_address, user_id, ad_id, data, stop_kind, attempts, created_at from mail_messages
       where status = 'queued' and next_attempt_at <= ${now}
       order by next_attempt_at, id
       limit 1
       for update skip locked`;
    if (!next) return null;
    const address = next.to_address.toLowerCase();
    const [refused] = await tx<{ reason: string }[]>`select reason from mail_suppressions where address = ${address}`;
    if (refused) {
      await tx`update mail_messages set status = 'suppressed', last_error = ${`The address was refused: ${refused.reason}`} where id = ${next.id}`;
      continue;
    }
    const [recent] = await tx<{ sent: number; oldest: Date | null }[]>`
      select count(*)::int as sent, min(sent_at) as oldest from mail_messages
       where lower(to_address) = ${address}
         and ((status = 'sent' and sent_at > ${new Date(now.getTime() - HOUR_MS)}) or status = 'sending')`;
    if (recent.sent >= rules.perAddressPerHour) {
      const later = new Date(Math.max(now.getTime(), (recent.oldest ?? now).getTime() + HOUR_MS) + 1000);
      await tx`update mail_messages set next_attempt_at = ${later} where id = ${next.id}`;
      continue;
    }
    await tx`
      update mail_messages set status = 'sending', attempts = attempts + 1,
             lease_until = ${new Date(now.getTime() + rules.leaseSeconds * 1000)}
       where id = ${next.id}`;
    return { ...next, attempts: next.attempts + 1 };
  }
}

/** How long a message waits after its n-th failed try: 1 minute, 5, 30, 2 hours, 8 hours; then it is given up. */
export const RETRY_MINUTES = [1, 5, 30, 120, 480] as const;

export type MailOutcome = { sent: true } | { sent: false; permanent: boolean; error: string };

/** Where a settled message stands: sent, refused for good, given up, or waiting for its next try (at `retryAt`). */
export type MailSettled = { status: 'sent' | 'bounced' | 'failed' } | { status: 'queued'; retryAt: Date };

/**
 * Records how a claimed message went. Sent: the link tokens it carried are dropped from the row, so
 * the queue keeps no working receipt or confirmation link. Refused for good: the address is
 * suppressed. Otherwise it waits its turn, and after the last try it is given up.
 */
export async function settleMail({ tx, now }: Work, mail: ClaimedMail, outcome: MailOutcome): Promise<MailSettled> {
  if (outcome.sent) {
    await tx`
      update mail_messages set status = 'sent', sent_at = ${now}, lease_until = null, last_error = null, data = data - 'token' - 'confirmToken'
       where id = ${mail.id}`;
    return { status: 'sent' };
  }
  if (outcome.permanent) {
    await tx`update mail_messages set status = 'bounced', lease_until = null, last_error = ${outcome.error} where id = ${mail.id}`;
    await tx`
      insert into mail_suppressions (address, reason, created_at) values (${mail.to_address.toLowerCase()}, ${outcome.error}, ${now})
      on conflict (address) do nothing`;
    return { status: 'bounced' };
  }
  const wait = RETRY_MINUTES[mail.attempts - 1];
  if (wait === undefined) {
    await tx`update mail_messages set status = 'failed', lease_until = null, last_error = ${outcome.error} where id = ${mail.id}`;
    return { status: 'failed' };
  }
  const retryAt = new Date(now.getTime() + wait * 60_000);
  await tx`
    update mail_messages set status = 'queued', lease_until = null, last_error = ${outcome.error},
           next_attempt_at = ${retryAt}
     where id = ${mail.id}`;
  return { status: 'queued', retryAt };
}
