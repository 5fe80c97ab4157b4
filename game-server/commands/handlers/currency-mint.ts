import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import type { CommandOf } from '../../../schema/commands/index.ts';
import { mint } from '../../domain/economy/ledger.ts';
import { readSupply } from '../../domain/economy/supply.ts';
import { notFound } from '../../errors.ts';
import { emit } from '../../infra/events/outbox.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';
import { formatDrk } from '../../../schema/format.ts';
import { noticesCreated, notify } from '../../domain/notifications/notifications.ts';
import { drkMinted } from '../../../schema/rules/notifications.ts';

/**
 * docs/rules.md §5 "Mint": the Wanakt creates DRK for any account, never past the 21,000,000 cap. The cap
 * is checked by the ledger's own UPDATE, so two mints at once cannot both slip under it.
 */
export const mintDrk: InTransaction<CommandOf<'currency.mint'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { body: { recipientId, amount } }) {
    // The realm's own accounts (the escrow, each alliance's treasury) hold only what players moved
    // there: DRK is never minted for them (docs/rules.md §4 "Offers", "Alliances").
    const [recipient] = await tx<{ username: string }[]>`
      select username from users where id = ${recipientId} and not (is_wanakt and id <> ${WANAKT_USER_ID})`;
    if (!recipient) throw notFound('User not found');
    await mint(tx, recipientId, { amount, reason: 'admin_mint' }, now);
    await recordAudit(tx, {
      actorId: userOf(actor).id,
      action: 'mint',
      subject: recipient.username,
      details: { recipientId, amount },
      at: now,
    });
    const notices = await notify(tx, [drkMinted(recipientId, amount)], now);
    await emit(tx, ...noticesCreated(notices), { type: 'balances.changed', userIds: [recipientId] });
    return ok({ message: `Minted ${formatDrk(amount)} for ${recipient.username}`, supply: await readSupply(tx) });
  },
};
