import type { CommandOf } from '../../../schema/commands/index.ts';
import { emit } from '../../infra/events/outbox.ts';
import { removeChatMessage } from '../../domain/social/moderation.ts';
import { memberIds } from '../../domain/alliances/alliance-rows.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

/** The Wanakt's removal of a chat message: marked, audited, and taken off the screens that show it (an alliance's: its members'). */
export const removeChat: InTransaction<CommandOf<'chat.remove'>> = {
  inTransaction: true,
  async run(work, { messageId, body }) {
    const place = await removeChatMessage(work, userOf(work.actor).id, messageId, body.reason);
    await emit(
      work.tx,
      'territoryId' in place
        ? { type: 'chat.removed', messageId, territoryId: place.territoryId }
        : { type: 'alliance-chat.removed', messageId, allianceId: place.allianceId, userIds: await memberIds(work.tx, place.allianceId) },
    );
    return ok({ message: 'The message was removed' });
  },
};
