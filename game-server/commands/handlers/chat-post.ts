import type { z } from 'zod';
import type { PostChat } from '../../../schema/commands/social.ts';
import { postChatMessage } from '../../domain/social/chat.ts';
import { emit } from '../../infra/events/outbox.ts';
import { created, userOf, type InTransaction } from '../handler.ts';

/** A message to a territory's chat, over REST or the world room alike. */
export const postChat: InTransaction<z.infer<typeof PostChat.schema>> = {
  inTransaction: true,
  async run(work, { body }) {
    const message = await postChatMessage(work, userOf(work.actor), body);
    await emit(work.tx, { type: 'chat.posted', message });
    return created(message);
  },
};
