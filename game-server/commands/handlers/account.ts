import type { CommandOf } from '../../../schema/commands/index.ts';
import { createApiKey, revokeApiKey } from '../../domain/auth/api-keys.ts';
import { markNotificationsRead, noticesCreated, notify, setNotificationPreference } from '../../domain/notifications/notifications.ts';
import { emit } from '../../infra/events/outbox.ts';
import {
  setEmail as setAddress,
  setMailPreferences as setPreferences,
  verifyEmail as confirmAddress,
} from '../../domain/mail/account-mail.ts';
import { created, ok, userOf, type InTransaction } from '../handler.ts';
import { hashPassword, verifyPassword } from '../../domain/auth/passwords.ts';
import { liftTradeHold, placeTradeHold } from '../../domain/holds/trade-holds.ts';
import { forbidden } from '../../errors.ts';

// A player's own settings: each touches only rows of the acting player, and tells no room (a read
// mark or a key changes nothing anyone else sees).

export const markRead: InTransaction<CommandOf<'notifications.read'>> = {
  inTransaction: true,
  run: async (work, { body }) => ok(await markNotificationsRead(work, userOf(work.actor).id, body.ids)),
};

export const setPreference: InTransaction<CommandOf<'notifications.set-preference'>> = {
  inTransaction: true,
  run: async (work, { body }) => ok(await setNotificationPreference(work, userOf(work.actor).id, body.kind, body.enabled)),
};

export const createKey: InTransaction<CommandOf<'api-key.create'>> = {
  inTransaction: true,
  run: async (work, { body }) => created(await createApiKey(work, userOf(work.actor).id, body)),
};

export const revokeKey: InTransaction<CommandOf<'api-key.revoke'>> = {
  inTransaction: true,
  run: async (work, { keyId }) => ok(await revokeApiKey(work, userOf(work.actor).id, keyId)),
};

export const setEmail: InTransaction<CommandOf<'account.set-email'>> = {
  inTransaction: true,
  run: async (work, { body }) => ok(await setAddress(work, userOf(work.actor).id, body.email)),
};

/** The confirmation link's token is its own permission: no session is needed to follow it. */
export const verifyEmail: InTransaction<CommandOf<'account.verify-email'>> = {
  inTransaction: true,
  async run(work, { body }) {
    const { email, notices } = await confirmAddress(work, body.token);
    await emit(work.tx, ...noticesCreated(await notify(work.tx, notices, work.now)));
    return ok({ email });
  },
};

export const setMailPreferences: InTransaction<CommandOf<'account.mail-preferences'>> = {
  inTransaction: true,
  run: async (work, { body }) => ok(await setPreferences(work, userOf(work.actor).id, body)),
};

/**
 * docs/rules.md §4 "Trade holds": the current password proves the owner asks, not a stolen
 * session. Every session of the account ends, this one too (the player logs in again with the new
 * password), and its trades are on hold for a day.
 */
export const changePassword: InTransaction<CommandOf<'account.change-password'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { body }) {
    const player = userOf(actor);
    const [row] = await tx<{ password_hash: string }[]>`select password_hash from users where id = ${player.id} for no key update`;
    if (!row || !(await verifyPassword(body.current_password, row.password_hash))) throw forbidden('The current password is not right');
    await tx`update users set password_hash = ${await hashPassword(body.new_password)} where id = ${player.id}`;
    await tx`delete from sessions where user_id = ${player.id}`;
    await placeTradeHold(tx, player.id, 'password', now);
    return ok({ message: 'Your password is changed. Log in again with it.' });
  },
};

export const liftHold: InTransaction<CommandOf<'trade-hold.lift'>> = {
  inTransaction: true,
  run: async ({ tx, now, actor }, { body }) => ok(await liftTradeHold(tx, userOf(actor).id, body.userId, now)),
};
