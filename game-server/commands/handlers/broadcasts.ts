import type { CommandOf } from '../../../schema/commands/index.ts';
import { conflict } from '../../errors.ts';
import { PAY_FIRST, sendWithUnusedPayment, startBroadcastPayment } from '../../domain/social/broadcasts.ts';
import { emit } from '../../infra/events/outbox.ts';
import { created, providerOf, userOf, type InTransaction, type OwnTransactions } from '../handler.ts';

// docs/rules.md §4 "Broadcast flow": pay $1, then send.

/** Opens a payment at the provider, so it cannot hold a transaction open across that call. */
export const payForBroadcast: OwnTransactions<CommandOf<'broadcast.pay'>> = {
  inTransaction: false,
  async run(deps, actor, { body }) {
    return created(await startBroadcastPayment(deps, providerOf(deps), userOf(actor).id, body.message));
  },
};

/**
 * Sends with a paid broadcast not used yet, in the pipeline's transaction, whose broadcast.sent tells
 * every room. No provider is asked: a payment settled late sends its own broadcast or is refunded.
 */
export const sendBroadcast: InTransaction<CommandOf<'broadcast.send'>> = {
  inTransaction: true,
  async run(work, { body }) {
    if (body.paid === false) throw conflict(PAY_FIRST);
    const broadcast = await sendWithUnusedPayment(work, userOf(work.actor).id, body.message);
    await emit(work.tx, { type: 'broadcast.sent', broadcast });
    return created(broadcast);
  },
};
