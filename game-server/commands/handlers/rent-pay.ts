import type { CommandOf } from '../../../schema/commands/index.ts';
import { payRent as pay } from '../../domain/economy/rent-payments.ts';
import { noticesCreated } from '../../domain/notifications/notifications.ts';
import { emit } from '../../infra/events/outbox.ts';
import { recordRentPaid } from '../../domain/seasons/progress.ts';
import { markRent } from '../../domain/fair-play/marks.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

export const payRent: InTransaction<CommandOf<'rent.pay'>> = {
  inTransaction: true,
  async run(work, { paymentId }) {
    const payer = userOf(work.actor);
    const { paid, payeeId, notices } = await pay(work, payer, paymentId);
    const seasonNotices = await recordRentPaid(work, paymentId, await markRent(work.tx, paymentId));
    await emit(
      work.tx,
      ...noticesCreated([...notices, ...seasonNotices]),
      { type: 'balances.changed', userIds: [payer.id, payeeId] },
      { type: 'payments-due.changed', userIds: [payer.id] },
    );
    return ok(paid);
  },
};
