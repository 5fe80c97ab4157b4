import { z } from 'zod';
import { CollectibleActionBody, CollectibleActionDto } from '../api/collectibles.ts';
import { MintBody, MintedDto } from '../api/currency.ts';
import { AuditAnswer, AuditBody } from '../api/economy.ts';
import {
  CheckoutDto,
  PaymentIdParam,
  PaymentStatusDto,
  PurchaseIntentBody,
  SandboxConfirmBody,
  SandboxConfirmDto,
} from '../api/payments.ts';
import { RentPaidDto } from '../api/rent.ts';
import { RentGenerateBody, RentGeneratedDto } from '../api/revenue.ts';
import { player, visitor, wanakt } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId } from './registry.ts';

// Writes that move DRK or money without changing a territory's owner.
export const MintDrk = declareCommand(z.object({ type: z.literal('currency.mint'), body: payload(MintBody) }), wanakt, {
  method: 'post',
  path: '/currency/mint',
  scope: null,
  tag: 'Wanakt',
  summary: 'Mint DRK to a player',
  ok: { status: 200, schema: MintedDto, description: 'Minted' },
  errors: [404, 409],
});
export const PayRent = declareCommand(z.object({ type: z.literal('rent.pay'), paymentId: TargetId('Payment id') }), player(), {
  method: 'post',
  path: '/rent/pay/:paymentId',
  params: { paymentId: pathId('paymentId', 'Payment id') },
  scope: 'payments',
  tag: 'Rent',
  summary: 'Pay rent',
  ok: { status: 200, schema: RentPaidDto, description: 'Paid' },
  errors: [409],
});
export const GenerateRent = declareCommand(z.object({ type: z.literal('rent.generate'), body: payload(RentGenerateBody) }), wanakt, {
  method: 'post',
  path: '/rent/generate',
  scope: null,
  tag: 'Wanakt',
  summary: "Run this period's rent cycle now",
  ok: { status: 200, schema: RentGeneratedDto, description: 'The period and the payments created' },
});

const collectibleId = TargetId('Collectible id');
// The body comes first: docs/rules.md §7 names the acting user there, and it is checked before the id.
const onCollectible = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), body: payload(CollectibleActionBody), collectibleId });
const onCollectibleCall = (action: 'purchase' | 'apply' | 'unapply') => ({
  method: 'post' as const,
  path: `/collectibles/:id/${action}`,
  params: { id: pathId('collectibleId', 'Collectible id') },
  scope: 'trade' as const,
  tag: 'Collectibles',
  summary: `${action[0]!.toUpperCase()}${action.slice(1)} a collectible`,
  ok: { status: 200 as const, schema: CollectibleActionDto, description: 'Done' },
  errors: [409],
});
export const BuyCollectible = declareCommand(
  onCollectible('collectible.purchase'),
  player(undefined, 'userId'),
  onCollectibleCall('purchase'),
);
export const ApplyCollectible = declareCommand(onCollectible('collectible.apply'), player(undefined, 'userId'), onCollectibleCall('apply'));
export const UnapplyCollectible = declareCommand(
  onCollectible('collectible.unapply'),
  player(undefined, 'userId'),
  onCollectibleCall('unapply'),
);

/** Opens a card payment for a DRK package; the DRK is minted when the provider confirms it. */
export const StartDrkPurchase = declareCommand(
  z.object({ type: z.literal('drk.purchase-intent'), body: payload(PurchaseIntentBody) }),
  player('Please log in to buy DRK', 'userId'),
  {
    method: 'post',
    path: '/drk/purchase-intent',
    scope: 'payments',
    tag: 'Payments',
    summary: 'Start buying a DRK package',
    ok: { status: 201, schema: CheckoutDto, description: 'Checkout' },
    errors: [409],
    limit: 'checkout',
  },
);
/** The sandbox provider's stand-in for a card form: whoever holds the client secret confirms, as with a real card form. */
export const ConfirmSandboxPayment = declareCommand(
  z.object({ type: z.literal('payment.sandbox-confirm'), body: payload(SandboxConfirmBody) }),
  visitor,
  {
    method: 'post',
    path: '/payments/sandbox/confirm',
    scope: 'payments',
    tag: 'Payments',
    summary: "Confirm a TEST MODE payment (sandbox provider only); a player's payment needs that player's session",
    ok: { status: 200, schema: SandboxConfirmDto, description: 'The outcome' },
    errors: [404, 409],
  },
);

/** A player backs out of an unpaid checkout: nothing is paid, and a new checkout may open at once. */
export const CancelCheckout = declareCommand(
  z.object({ type: z.literal('payment.cancel'), paymentId: PaymentIdParam }),
  player('Please log in to cancel a payment'),
  {
    method: 'post',
    path: '/payments/:id/cancel',
    params: { id: { field: 'paymentId', param: PaymentIdParam.meta({ description: 'Payment id' }) } },
    scope: 'payments',
    tag: 'Payments',
    summary: 'Cancel your unpaid checkout',
    description:
      'Stops the payment at the provider and marks it canceled. Only the player who started it may; a payment already paid, settled or canceled answers 409. A payment that still gets through is refunded.',
    ok: { status: 200, schema: PaymentStatusDto, description: 'Canceled' },
    errors: [403, 404, 409],
  },
);
/** Anyone re-checks the money invariants over the whole ledger; the result is the public audit line. */
export const RunSupplyAudit = declareCommand(z.object({ type: z.literal('economy.audit'), body: payload(AuditBody) }), visitor, {
  method: 'post',
  path: '/economy/audit',
  scope: 'read',
  tag: 'Economy',
  summary: 'Re-check the whole ledger against the supply now',
  ok: { status: 200, schema: AuditAnswer, description: 'The audit just run' },
  limit: 'audit',
});

export const economyCommands = [
  MintDrk,
  PayRent,
  GenerateRent,
  BuyCollectible,
  ApplyCollectible,
  UnapplyCollectible,
  StartDrkPurchase,
  ConfirmSandboxPayment,
  CancelCheckout,
  RunSupplyAudit,
] as const;
