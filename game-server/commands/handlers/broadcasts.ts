import type { z } from 'zod';
import type { PayForBroadcast, SendBroadcast } from '../../../schema/commands/social.ts';
import { inTransaction } from '../../infra/db/database.ts';
import { conflict } from '../../domain/errors.ts';
import { PAY_FIRST, sendWithUnusedPayment, settleLateBroadcastPayments, startBroadcastPayment } from '../../domain/social/broadcasts.ts';
import { created, providerOf, userOf, type OwnTransactions } from '../handler.ts';

// docs/rules.md §4 "Broadcast flow": pay $1, then send. Both ask the payment provider (to open a payment,
// or to settle one whose webhook is late), so neither can hold a transaction open across that call.

export const payForBroadcast: OwnTransactions<z.infer<typeof PayForBroadcast.schema>> = {
  inTransaction: false,
  async run(deps, actor, { body }) {
    return created(await startBroadcastPayment(deps, providerOf(deps), userOf(actor).id, body.message));
  },
};

/** The provider is asked first; the send itself is one transaction, whose broadcast.sent tells every room. */
export const sendBroadcast: OwnTransactions<z.infer<typeof SendBroadcast.schema>> = {
  inTransaction: false,
  async run(deps, actor, { body }) {
    const senderId = userOf(actor).id;
    if (body.paid === false) throw conflict(PAY_FIRST);
    await settleLateBroadcastPayments(deps, providerOf(deps), senderId);
    const broadcast = await inTransaction(deps.sql, (tx) => sendWithUnusedPayment({ tx, now: deps.clock() }, senderId, body.message));
    return created(broadcast);
  },
};
