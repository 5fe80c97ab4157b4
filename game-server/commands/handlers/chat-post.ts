import type { CommandOf } from '../../../schema/commands/index.ts';
import { postChatMessage } from '../../domain/social/chat.ts';
import { postToAllianceChat } from '../../domain/alliances/alliance-chat.ts';
import { noticesCreated } from '../../domain/notifications/notifications.ts';
import { emit } from '../../infra/events/outbox.ts';
import { created, userOf, type InTransaction } from '../handler.ts';

/** A message to a territory's chat, over REST or the world room alike. */
export const postChat: InTransaction<CommandOf<'chat.post'>> = {
  inTransaction: true,
  async run(work, { body }) {
    const { message, notices } = await postChatMessage(work, userOf(work.actor), body);
    await emit(work.tx, ...noticesCreated(notices), { type: 'chat.posted', message });
    return created(message);
  },
};

/** A message to an alliance's chat: sent live to the members it was said among, and to nobody else. */
export const postAllianceChat: InTransaction<CommandOf<'alliance.chat'>> = {
  inTransaction: true,
  async run(work, { allianceId, body }) {
    const { message, notices, readers } = await postToAllianceChat(work, userOf(work.actor), allianceId, body.message);
    await emit(work.tx, ...noticesCreated(notices), { type: 'alliance-chat.posted', message, userIds: readers });
    return created(message);
  },
};
