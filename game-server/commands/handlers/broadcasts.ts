import type { z } from 'zod';
import type { PayForBroadcast, SendBroadcast } from '../../../schema/commands/social.ts';
import { sendBroadcast as send, startBroadcastPayment } from '../../social/broadcasts.ts';
import { created, providerOf, userOf, type OwnTransactions } from '../handler.ts';

// docs/rules.md §4 "Broadcast flow": pay $1, then send. Both ask the payment provider (to open a payment,
// or to settle one whose webhook is late), so each runs its own transactions around that call.

export const payForBroadcast: OwnTransactions<z.infer<typeof PayForBroadcast.schema>> = {
  inTransaction: false,
  async run(deps, actor, { body }) {
    return created(await startBroadcastPayment(deps, providerOf(deps), userOf(actor).id, body.message));
  },
};

export const sendBroadcast: OwnTransactions<z.infer<typeof SendBroadcast.schema>> = {
  inTransaction: false,
  async run(deps, actor, { body }) {
    return created(await send(deps, providerOf(deps), userOf(actor).id, body.message, body.paid));
  },
};
