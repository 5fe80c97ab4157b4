import type { CommandOf } from '../../../schema/commands/index.ts';
import { unsubscribe as stopMail } from '../../domain/mail/unsubscribe.ts';
import { ok, type InTransaction } from '../handler.ts';

// The links in the game's mail (docs/rules.md §11 "Mail"): each acts for whoever holds the link, with
// no session, and changes only the mail settings of the player or ad the link names.

/** RFC 8058: one POST to the link stops that kind of mail, and drops what of it is still queued. */
export const unsubscribe: InTransaction<CommandOf<'mail.unsubscribe'>> = {
  inTransaction: true,
  run: async (work, { token }) => ok(await stopMail(work, token)),
};
