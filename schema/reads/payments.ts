import { z } from 'zod';
import { AdDto, AdReceiptDto, MyBannerDto } from '../api/ads.ts';
import { DrkPackageDto, PaymentConfigDto, PaymentStatusDto } from '../api/payments.ts';
import { declareRead } from './registry.ts';

// The store, payments, and the ads and banners on show.

export const PaymentConfigRead = declareRead({
  path: '/payments/config',
  tag: 'Payments',
  summary: 'Which payment provider takes payments (the sandbox shows TEST MODE)',
  access: 'public',
  scope: 'read',
  answer: PaymentConfigDto,
  answered: 'Provider',
});

export const PaymentStatusRead = declareRead({
  path: '/payments/intent/:paymentId',
  tag: 'Payments',
  summary: "A payment's status",
  access: 'public',
  scope: 'payments',
  params: z.object({ paymentId: z.string().max(200, { error: 'Payment id is too long' }) }),
  answer: PaymentStatusDto,
  answered: 'Status',
});

export const DrkPackagesRead = declareRead({
  path: '/drk/packages',
  tag: 'Payments',
  summary: 'DRK packages for sale',
  access: 'public',
  scope: 'read',
  answer: z.array(DrkPackageDto),
  answered: 'Packages',
});

export const ActiveAdsRead = declareRead({
  path: '/ads/active',
  tag: 'Ads',
  summary: 'Ads running now',
  access: 'public',
  scope: 'read',
  answer: z.array(AdDto),
  answered: 'Ads',
});

export const MyBannersRead = declareRead({
  path: '/ads/mine',
  tag: 'Ads',
  summary: 'Your banners and their delivery: impressions, clicks, cost',
  access: 'player',
  scope: 'ads',
  answer: z.array(MyBannerDto),
  answered: 'Banners',
});

// docs/rules.md §4 "Advertise flow": the advertiser's receipt, by its token alone.
export const AdReceiptRead = declareRead({
  path: '/ad-receipts/:token',
  tag: 'Ads',
  summary: "An advertiser's receipt: the ad's status, impressions and clicks, by the link its purchase answered (no account)",
  access: 'public',
  scope: 'read',
  params: z.object({
    token: z.string().meta({ description: 'The receipt token from receipt_path; any other value is an unknown receipt (404)' }),
  }),
  answer: AdReceiptDto,
  answered: 'The receipt',
  errors: [404],
  cache: { noStore: true },
});

export const PAYMENT_READS = [PaymentConfigRead, PaymentStatusRead, DrkPackagesRead, ActiveAdsRead, MyBannersRead, AdReceiptRead] as const;
