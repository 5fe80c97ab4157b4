import type { MailStopKind } from '../../../schema/api/mail.ts';
import type { Tx } from '../../infra/db/database.ts';
import type { MailData, MailKind } from './templates.ts';

/** A message before it is stored: whom it goes to, which template renders it and from what. */
export type MailDraft = {
  [K in MailKind]: {
    kind: K;
    to: string;
    data: MailData[K];
    userId?: string | null;
    adId?: number | null;
    /** The kind the recipient may stop; absent: transactional, always sent. */
    stopKind?: MailStopKind;
    /** Present on a message that must be queued once, whichever job or process notices it. */
    onceKey?: string;
  };
}[MailKind];

/**
 * Queues messages inside the caller's transaction, so each commits or vanishes with the change that
 * causes it (docs/rules.md §11 "Mail"); the mail-send job sends them. A once-key already queued is
 * skipped. Answers how many were queued.
 */
export async function queueMail(tx: Tx, drafts: readonly MailDraft[], now: Date): Promise<number> {
  if (drafts.length === 0) return 0;
  const rows = drafts.map((draft) => ({
    kind: draft.kind,
    to_address: draft.to,
    user_id: draft.userId ?? null,
    ad_id: draft.adId ?? null,
    data: tx.json(draft.data as never),
    stop_kind: draft.stopKind ?? null,
    once_key: draft.onceKey ?? null,
    next_attempt_at: now,
    created_at: now,
  }));
  const queued = await tx`insert into mail_messages ${tx(rows)} on conflict (once_key) do nothing returning id`;
  return queued.count;
}
