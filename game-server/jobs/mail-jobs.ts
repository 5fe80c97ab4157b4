import { claimNextMail, settleMail, type ClaimedMail, type MailOutcome } from '../domain/mail/sending.ts';
import { renderMail, type MailData, type MailKind } from '../domain/mail/templates.ts';
import { readMailKey, unsubscribeToken } from '../domain/mail/unsubscribe.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { inTransaction } from '../infra/db/database.ts';
import type { Logger } from '../infra/logger.ts';
import { MailRefusedError, type MailTransport } from '../infra/mail/transport.ts';
import { mailSends } from '../infra/observability/metrics.ts';

// A run stops after this many, so a stopping process's last run ends soon; the next run goes on.
const MAX_PER_RUN = 25;
// Far longer than a send can take (transport.ts gives up on a silent server after 20 s a step).
const LEASE_SECONDS = 300;

/** What the mail-send job needs beyond the services': where mail goes, from whom, and the game's address for links. */
export interface MailSettings {
  transport: MailTransport;
  from: string;
  /** The game's public origin (https://play.example.com), for the links in every message. */
  origin: string;
  perAddressPerHour: number;
}

/** The domain of MAIL_FROM's address, for Message-IDs that say where they come from. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'wanakt.invalid';

async function deliver(mail: MailSettings, key: Buffer, claimed: ClaimedMail): Promise<MailOutcome> {
  const subject = claimed.user_id ? { userId: claimed.user_id } : claimed.ad_id !== null ? { adId: claimed.ad_id } : null;
  const unsubscribeUrl =
    claimed.stop_kind && subject ? `${mail.origin}/api/mail/unsubscribe/${unsubscribeToken(key, subject, claimed.stop_kind)}` : null;
  try {
    const rendered = await renderMail(
      claimed.kind,
      claimed.data as MailData[MailKind] as never,
      { origin: mail.origin, unsubscribeUrl },
      claimed.stop_kind,
    );
    await mail.transport.send({
      from: mail.from,
      to: claimed.to_address,
      ...rendered,
      messageId: `<mail-${claimed.id}.${claimed.created_at.getTime()}@${domainOf(mail.from)}>`,
      // RFC 8058: a mail client may stop this kind with one POST to the link, no session needed.
      headers: unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
    });
    return { sent: true };
  } catch (error) {
    const permanent = error instanceof MailRefusedError && error.permanent;
    return { sent: false, permanent, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
  }
}

/**
 * Sends what is due, one message at a time: each is claimed in a transaction of its own, sent, then
 * settled in another (docs/rules.md §11 "Mail"). Answers how many went. A message that did not go
 * is counted and logged with why (an unreachable server, a full disk under the mail folder), so an
 * operator sees mail waiting before a player misses it.
 */
export async function sendDueMail(deps: ServiceDeps & { log: Pick<Logger, 'warn' | 'error'> }, mail: MailSettings): Promise<number> {
  const key = await readMailKey(deps.sql);
  let sent = 0;
  for (let count = 0; count < MAX_PER_RUN; count++) {
    const claimed = await inTransaction(deps.sql, (tx) =>
      claimNextMail({ tx, now: deps.clock() }, { leaseSeconds: LEASE_SECONDS, perAddressPerHour: mail.perAddressPerHour }),
    );
    if (!claimed) break;
    const outcome = await deliver(mail, key, claimed);
    const settled = await inTransaction(deps.sql, (tx) => settleMail({ tx, now: deps.clock() }, claimed, outcome));
    mailSends.inc({ result: settled.status });
    if (outcome.sent) sent++;
    else if (settled.status === 'queued') {
      deps.log.warn(`Mail ${claimed.id} could not be sent (${outcome.error}); it waits in the queue for ${settled.retryAt.toISOString()}`);
    } else {
      deps.log.error(
        `Mail ${claimed.id} to ${claimed.to_address} was ${settled.status === 'bounced' ? 'refused for good' : 'given up'}: ${outcome.error}`,
      );
    }
  }
  return sent;
}
