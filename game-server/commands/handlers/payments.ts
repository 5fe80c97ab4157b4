import type { z } from 'zod';
import type { ConfirmSandboxPayment, StartDrkPurchase } from '../../../schema/commands/economy.ts';
import { startDrkPurchase as start } from '../../payments/drk-store.ts';
import { confirmSandboxPayment as confirm } from '../../payments/receive.ts';
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
