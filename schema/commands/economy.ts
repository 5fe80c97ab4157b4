import { z } from 'zod';
import { CollectibleActionBody } from '../api/collectibles.ts';
import { MintBody } from '../api/currency.ts';
import { AuditBody } from '../api/economy.ts';
import { PurchaseIntentBody, SandboxConfirmBody } from '../api/payments.ts';
import { RentGenerateBody } from '../api/revenue.ts';
import { payload, TargetId } from './ref.ts';

// Writes that move DRK or money without changing a territory's owner.
export const MintDrk = z.object({ type: z.literal('currency.mint'), body: payload(MintBody) });
export const PayRent = z.object({ type: z.literal('rent.pay'), paymentId: TargetId('Payment id') });
export const GenerateRent = z.object({ type: z.literal('rent.generate'), body: payload(RentGenerateBody) });

const collectibleId = TargetId('Collectible id');
const onCollectible = <T extends string>(type: T) => z.object({ type: z.literal(type), body: payload(CollectibleActionBody), collectibleId });
// The body comes first: docs/rules.md §7 names the acting user there, and it is checked before the id.
export const BuyCollectible = onCollectible('collectible.purchase');
export const ApplyCollectible = onCollectible('collectible.apply');
export const UnapplyCollectible = onCollectible('collectible.unapply');

/** Opens a card payment for a DRK package; the DRK is minted when the provider confirms it. */
export const StartDrkPurchase = z.object({ type: z.literal('drk.purchase-intent'), body: payload(PurchaseIntentBody) });
/** The sandbox provider's stand-in for a card form: whoever holds the client secret confirms. */
export const ConfirmSandboxPayment = z.object({ type: z.literal('payment.sandbox-confirm'), body: payload(SandboxConfirmBody) });

/** Anyone re-checks the money invariants over the whole ledger; the result is the public audit line. */
export const RunSupplyAudit = z.object({ type: z.literal('economy.audit'), body: payload(AuditBody) });

export const economyCommands = [
  MintDrk,
  PayRent,
  GenerateRent,
  BuyCollectible,
  ApplyCollectible,
  UnapplyCollectible,
  StartDrkPurchase,
  ConfirmSandboxPayment,
  RunSupplyAudit,
] as const;
