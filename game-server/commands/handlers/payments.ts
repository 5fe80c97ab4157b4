import type { z } from 'zod';
import type { CancelCheckout, ConfirmSandboxPayment, StartDrkPurchase } from '../../../schema/commands/economy.ts';
import { cancelCheckout as cancel } from '../../domain/payments/cancel-checkout.ts';
import { startDrkPurchase as start } from '../../domain/payments/drk-store.ts';
import { confirmSandboxPayment as confirm } from '../../domain/payments/receive.ts';
import { created, ok, providerOf, userOf, type OwnTransactions } from '../handler.ts';

/** Opens a card payment for a DRK package; the DRK is minted when the provider confirms it. */
export const startDrkPurchase: OwnTransactions<z.infer<typeof StartDrkPurchase.schema>> = {
  inTransaction: false,
  async run(deps, actor, { body }) {
    return created(await start(deps, providerOf(deps), userOf(actor).id, body.packageId));
  },
};

/** The sandbox's card form: settled through the same fulfilment as a provider's webhook. */
export const confirmSandboxPayment: OwnTransactions<z.infer<typeof ConfirmSandboxPayment.schema>> = {
  inTransaction: false,
  async run(deps, actor, { body }) {
    return ok(await confirm(deps, providerOf(deps), body, actor.user?.id ?? null));
  },
};

/** A player backs out of an unpaid checkout; the provider is asked to stop it before the payment is marked. */
export const cancelCheckout: OwnTransactions<z.infer<typeof CancelCheckout.schema>> = {
  inTransaction: false,
  async run(deps, actor, { paymentId }) {
    return ok(await cancel(deps, providerOf(deps), paymentId, userOf(actor).id));
  },
};
