import { z } from 'zod';
import { DRK_PACKAGES, type DrkPackage } from '../rules/store.ts';

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PURPOSES = ['drk_package', 'broadcast', 'ad'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the browser needs to take a card payment: the answer of every call that starts one. */
export interface CheckoutDto {
  clientSecret: string;
  paymentIntentId: string;
  provider: PaymentProviderName;
  /** Stripe's publishable key; null in the sandbox. */
  publishableKey: string | null;
  amountCents: number;
}

export interface PaymentStatusDto {
  id: string;
  purpose: PaymentPurpose;
  status: PaymentStatus;
  amountCents: number;
  /** Why the payment failed or was refunded, in the provider's or the game's words. */
  message: string | null;
}

export interface DrkPackageDto {
  id: DrkPackage['id'];
  name: string;
  drk: number;
  price: number;
  popular: boolean;
  description: string;
  priceCents: number;
  /** SPEC §2: a package larger than the remaining supply is disabled and labelled 'Exceeds Supply'. */
  exceedsSupply: boolean;
  bestValue: boolean;
}

const packageIds = DRK_PACKAGES.map((pkg) => pkg.id) as [DrkPackage['id'], ...DrkPackage['id'][]];
const PackageId = z.enum(packageIds, { error: 'Unknown DRK package' });

// SPEC §7 sends "package id": `packageId` and `package_id` are both taken.
export const PurchaseIntentBody = z
  .object({
    packageId: PackageId.optional(),
    package_id: PackageId.optional(),
    userId: z.string({ error: 'userId must be text' }).max(100).optional(),
  })
  .transform((body, context) => {
    const packageId = body.packageId ?? body.package_id;
    if (packageId === undefined) {
      context.addIssue({ code: 'custom', message: 'Choose a DRK package' });
      return z.NEVER;
    }
    return { packageId, userId: body.userId };
  });
export type PurchaseIntentBody = z.infer<typeof PurchaseIntentBody>;

export const SANDBOX_OUTCOMES = ['succeed', 'fail'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

// The sandbox's stand-in for a card confirmation: only whoever holds the client secret may confirm.
export const SandboxConfirmBody = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).min(1).max(200),
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1).max(300),
  outcome: z.enum(SANDBOX_OUTCOMES, { error: "outcome must be 'succeed' or 'fail'" }),
});
export type SandboxConfirmBody = z.infer<typeof SandboxConfirmBody>;

export interface SandboxConfirmDto {
  status: PaymentStatus;
  message: string | null;
}
