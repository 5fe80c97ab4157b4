import type { MailPreferencesBody } from '../../../schema/api/mail.ts';
import { instantMailOf, mailableKind } from '../../../schema/rules/mail.ts';
import type { NoticeDraft } from '../../../schema/rules/notifications.ts';
import type { Tx } from '../../infra/db/database.ts';
import { queueMail } from './queue.ts';

interface Recipient extends MailPreferencesBody {
  id: string;
  email: string;
}

/**
 * docs/rules.md §11 "Mail": the notices a player chose to have mailed at once (a purchase of theirs,
 * a sale of their land, rent above their threshold, a mention), queued in the transaction that
 * writes the notices, to confirmed addresses only.
 */
export async function queueNoticeMail(tx: Tx, drafts: readonly NoticeDraft[], now: Date): Promise<void> {
  const mailable = drafts.filter((draft) => mailableKind(draft.kind));
  if (mailable.length === 0) return;
  const recipients = await tx<Recipient[]>`
    select id, email, mail_sale as sale, mail_listing_bought as listing_bought, mail_rent_above::int as rent_above,
           mail_mention as mention, mail_alliance as alliance, digest
      from users
     where id in ${tx([...new Set(mailable.map((draft) => draft.userId))])} and email_verified_at is not null
       and (mail_sale or mail_listing_bought or mail_rent_above is not null or mail_mention or mail_alliance)`;
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  await queueMail(
    tx,
    mailable.flatMap((draft) => {
      const recipient = byId.get(draft.userId);
      const stopKind = recipient ? instantMailOf(draft, recipient) : null;
      if (!recipient || !stopKind) return [];
      return [
        { kind: 'notice' as const, to: recipient.email, userId: recipient.id, data: { text: draft.text, link: draft.link }, stopKind },
      ];
    }),
    now,
  );
}
