import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import type { CommandOf } from '../../../schema/commands/index.ts';
import { decideGift } from '../../../schema/rules/market.ts';
import { territoryGifted } from '../../../schema/rules/notifications.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import { changeOwner } from '../../domain/economy/market.ts';
import { notFound } from '../../errors.ts';
import { emit } from '../../infra/events/outbox.ts';
import { noticesCreated, notify } from '../../domain/notifications/notifications.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { recordLandReceived } from '../../domain/seasons/progress.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';
import { decided, factsOf, requireOwner } from '../owner.ts';
import { refuseWhileHeld } from '../../domain/holds/trade-holds.ts';
import { refuseUnderAuction } from '../../domain/economy/auctions.ts';

/**
 * The owner gives its territory to another player, named by username: ownership changes at price 0
 * (no ledger line, docs/rules.md §4 "Ownership"), the listing is withdrawn with it (changeOwner),
 * the recipient is told, the desk's audit log keeps the gift, and every open map shows the new owner.
 */
export const giftTerritory: InTransaction<CommandOf<'territory.gift'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { type, territoryId, body }) {
    const giver = userOf(actor);
    const territory = await lockTerritory(tx, territoryId);
    requireOwner(type, actor, territory, 'give it away');
    await refuseWhileHeld(tx, giver.id, now, `give ${territory.name} away`);
    const [recipient] = await tx<{ id: string; username: string }[]>`select id, username from users
       where lower(username) = lower(${body.to}) and not (is_wanakt and id <> ${WANAKT_USER_ID})`;
    if (!recipient) throw notFound(`There is no player named ${body.to}`);
    const { message } = decided(decideGift(factsOf(territory), recipient));
    await refuseUnderAuction(tx, territory);
    const offerEvents = await changeOwner({ tx, now }, territory, recipient.id, giver.id, 0, 'gift');
    await recordAudit(tx, {
      actorId: giver.id,
      action: 'gift',
      subject: territory.name,
      details: { territoryId, recipientId: recipient.id, recipient: recipient.username },
      at: now,
    });
    const seasonNotices = await recordLandReceived({ tx, now }, recipient.id, territoryId);
    const notices = await notify(tx, [territoryGifted(recipient.id, territory.name, giver.username, 0)], now);
    await emit(tx, ...noticesCreated([...seasonNotices, ...notices]), ...offerEvents, {
      type: 'territories.changed',
      territoryIds: [territoryId],
    });
    return ok({ message });
  },
};
