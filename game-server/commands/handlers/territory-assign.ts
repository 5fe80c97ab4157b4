import type { CommandOf } from '../../../schema/commands/index.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { decideAssignment } from '../../../schema/rules/market.ts';
import { changeOwner } from '../../domain/economy/market.ts';
import { notFound } from '../../errors.ts';
import { emit } from '../../infra/events/outbox.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { recordLandReceived } from '../../domain/seasons/progress.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';
import { decided, factsOf } from '../owner.ts';
import { noticesCreated, notify } from '../../domain/notifications/notifications.ts';
import { territoryGifted } from '../../../schema/rules/notifications.ts';

/**
 * docs/rules.md §4 "Ownership": the Wanakt gives a territory to a player. A price of 0 is a gift
 * and moves no DRK; otherwise the recipient pays it to the treasury, or nothing changes.
 */
export const assignTerritory: InTransaction<CommandOf<'territory.assign'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { territoryId, body: { userId: recipientId, price } }) {
    const [recipient] = await tx<{ username: string }[]>`select username from users where id = ${recipientId}`;
    if (!recipient) throw notFound('User not found');
    const territory = await lockTerritory(tx, territoryId);
    const { reason, message } = decided(decideAssignment(factsOf(territory), { id: recipientId, username: recipient.username }, price));
    const offerEvents = await changeOwner({ tx, now }, territory, recipientId, WANAKT_USER_ID, price, reason);
    await recordAudit(tx, {
      actorId: userOf(actor).id,
      action: 'assign',
      subject: territory.name,
      details: { territoryId, recipientId, recipient: recipient.username, price },
      at: now,
    });
    const seasonNotices = await recordLandReceived({ tx, now }, recipientId, territoryId);
    const notices = await notify(tx, [territoryGifted(recipientId, territory.name, 'The Wanakt', price)], now);
    await emit(
      tx,
      ...noticesCreated([...seasonNotices, ...notices]),
      ...offerEvents,
      { type: 'territories.changed', territoryIds: [territoryId] },
      ...(price > 0 ? [{ type: 'balances.changed' as const, userIds: [recipientId, WANAKT_USER_ID] }] : []),
    );
    return ok({ message });
  },
};
