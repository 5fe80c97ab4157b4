import type { CommandOf } from '../../../schema/commands/index.ts';
import { emit } from '../../infra/events/outbox.ts';
import { removeChatMessage } from '../../domain/social/moderation.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

/** The Wanakt's removal of a chat message: marked, audited, and taken off the screens that show it. */
export const removeChat: InTransaction<CommandOf<'chat.remove'>> = {
  inTransaction: true,
  async run(work, { messageId, body }) {
    const { territoryId } = await removeChatMessage(work, userOf(work.actor).id, messageId, body.reason);
    await emit(work.tx, { type: 'chat.removed', messageId, territoryId });
    return ok({ message: 'The message was removed' });
  },
};
