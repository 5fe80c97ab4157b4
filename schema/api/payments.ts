import { z } from 'zod';
import { DRK_PACKAGES, type DrkPackage } from '../rules/store.ts';

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PURPOSES = ['drk_package', 'broadcast', 'ad'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the browser needs to take a card payment: the answer of every call that starts one. */
export const CheckoutDto = z
  .object({
    clientSecret: z.string(),
    paymentIntentId: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** Stripe's publishable key; null in the sandbox. */
    publishableKey: z.string().nullable(),
    amountCents: z.number().int(),
  })
  .meta({ id: 'Checkout' });
export type CheckoutDto = z.infer<typeof CheckoutDto>;

/** GET /api/payments/config: how this game takes payments. */
export const PaymentConfigDto = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'PaymentConfig' });
export type PaymentConfigDto = z.infer<typeof PaymentConfigDto>;

export const PaymentStatusDto = z
  .object({
    id: z.string(),
    purpose: z.enum(PAYMENT_PURPOSES),
    status: z.enum(PAYMENT_STATUSES),
    amountCents: z.number().int(),
    /** Why the payment failed or was refunded, in the provider's or the game's words. */
    message: z.string().nullable(),
  })
  .meta({ id: 'PaymentStatus' });
export type PaymentStatusDto = z.infer<typeof PaymentStatusDto>;

const packageIds = DRK_PACKAGES.map((pkg) => pkg.id) as [DrkPackage['id'], ...DrkPackage['id'][]];
const PackageId = z.enum(packageIds, { error: 'Unknown DRK package' });

export const DrkPackageDto = z
  .object({
    id: z.enum(packageIds),
    name: z.string(),
    drk: z.number(),
    price: z.number(),
    popular: z.boolean(),
    description: z.string(),
    priceCents: z.number().int(),
    /** docs/rules.md §2: a package larger than the remaining supply is disabled and labelled 'Exceeds Supply'. */
    exceedsSupply: z.boolean(),
    bestValue: z.boolean(),
  })
  .meta({ id: 'DrkPackage' });
export type DrkPackageDto = z.infer<typeof DrkPackageDto>;

// docs/rules.md §7 sends "package id": `packageId` and `package_id` are both taken.
export const PurchaseIntentBody = z
  .object({
    packageId: PackageId.optional(),
    package_id: PackageId.optional(),
    userId: z.string({ error: 'userId must be text' }).max(100).optional(),
  })
  // Either spelling names the package; one of them is required.
  .meta({ anyOf: [{ required: ['packageId'] }, { required: ['package_id'] }] })
  .transform((body, context) => {
    const packageId = body.packageId ?? body.package_id;
    if (packageId === undefined) {
      context.addIssue({ code: 'custom', message: 'Choose a DRK package' });
      return z.NEVER;
    }
    return { packageId, userId: body.userId };
  });
export type PurchaseIntentBody = z.infer<typeof PurchaseIntentBody>;

/** A payment's id in a URL path: the provider's own id (`pi_…`, `sandbox_pi_…`), not a number. */
export const PaymentIdParam = z
  .string({ error: 'Payment id is required' })
  .min(1, { error: 'Payment id is required' })
  .max(200, { error: 'Payment id is too long' });

export const SANDBOX_OUTCOMES = ['succeed', 'fail'] as const;

// The sandbox's stand-in for a card confirmation: only whoever holds the client secret may confirm.
export const SandboxConfirmBody = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).min(1).max(200),
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1).max(300),
  outcome: z.enum(SANDBOX_OUTCOMES, { error: "outcome must be 'succeed' or 'fail'" }),
  /** The test card's number, digits only: the sandbox's stand-in for the provider's card fingerprint. */
  card: z
    .string()
    .regex(/^[0-9]{12,19}$/, { error: 'card must be the 12 to 19 digits of a test card number' })
    .optional(),
});
export type SandboxConfirmBody = z.infer<typeof SandboxConfirmBody>;

export const SandboxConfirmDto = z
  .object({ status: z.enum(PAYMENT_STATUSES), message: z.string().nullable() })
  .meta({ id: 'SandboxConfirm' });
export type SandboxConfirmDto = z.infer<typeof SandboxConfirmDto>;
