import type { CommandOf } from '../../../schema/commands/index.ts';
import { PUSH_OFF, setPushSettings, subscribePush, unsubscribePush } from '../../domain/push/push-settings.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

// docs/rules.md §11 "Push": a player's own devices and choices; no room is told.

export const subscribeToPush: InTransaction<CommandOf<'push.subscribe'>> = {
  inTransaction: true,
  run: async (work, { body }, deps) => ok(await subscribePush(work, deps.push ?? PUSH_OFF, userOf(work.actor).id, body)),
};

export const unsubscribeFromPush: InTransaction<CommandOf<'push.unsubscribe'>> = {
  inTransaction: true,
  run: async (work, { body }, deps) => ok(await unsubscribePush(work, deps.push ?? PUSH_OFF, userOf(work.actor).id, body.endpoint)),
};

export const choosePushSettings: InTransaction<CommandOf<'push.settings'>> = {
  inTransaction: true,
  run: async (work, { body }, deps) => ok(await setPushSettings(work, deps.push ?? PUSH_OFF, userOf(work.actor).id, body)),
};
