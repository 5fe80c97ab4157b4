import type { CommandOf } from '../../../schema/commands/index.ts';
import { emit } from '../../infra/events/outbox.ts';
import { mutePlayer, removeBroadcast, unmutePlayer } from '../../domain/social/moderation.ts';
import { created, ok, userOf, type InTransaction } from '../handler.ts';

/** The Wanakt's removal of a broadcast: marked, audited, and taken off every room's screen. */
export const removeBroadcastCommand: InTransaction<CommandOf<'broadcast.remove'>> = {
  inTransaction: true,
  async run(work, { broadcastId, body }) {
    await removeBroadcast(work, userOf(work.actor).id, broadcastId, body.reason);
    await emit(work.tx, { type: 'broadcast.removed', broadcastId });
    return ok({ message: 'The broadcast was removed' });
  },
};

/** A mute takes effect at the muted player's next post: each post reads the mutes in its own transaction. */
export const mutePlayerCommand: InTransaction<CommandOf<'player.mute'>> = {
  inTransaction: true,
  run: async (work, { body }) => created(await mutePlayer(work, userOf(work.actor).id, body)),
};

export const unmutePlayerCommand: InTransaction<CommandOf<'player.unmute'>> = {
  inTransaction: true,
  run: async (work, { body }) => ok(await unmutePlayer(work, userOf(work.actor).id, body.userId, body.reason)),
};
