import {
  ActiveAdsRead,
  AdReceiptRead,
  DrkPackagesRead,
  MyBannersRead,
  PaymentConfigRead,
  PaymentStatusRead,
} from '../../../../schema/reads/payments.ts';
import { listActiveAds } from '../../../domain/ads/ad-lifecycle.ts';
import { myBanners } from '../../../domain/ads/banners.ts';
import { readReceipt } from '../../../domain/ads/receipts.ts';
import { listDrkPackages } from '../../../domain/payments/drk-store.ts';
import type { PaymentProvider } from '../../../domain/payments/provider.ts';
import { paymentStatus } from '../../../domain/payments/receive.ts';
import type { HttpDeps } from '../deps.ts';
import { serve, type ReadBinding } from './serve.ts';

export const paymentReads = (deps: HttpDeps, payments: PaymentProvider): ReadBinding[] => [
  // Which card form the browser needs, and whether to show the TEST MODE ribbon.
  serve(PaymentConfigRead, () => ({ provider: payments.name, publishableKey: payments.publishableKey })),
  serve(PaymentStatusRead, ({ input, user }) => paymentStatus(deps, payments, input.paymentId, user?.id ?? null)),
  serve(DrkPackagesRead, () => listDrkPackages(deps.sql)),
  serve(ActiveAdsRead, () => listActiveAds(deps.sql)),
  serve(MyBannersRead, ({ player }) => myBanners(deps.sql, player.id)),
  serve(AdReceiptRead, ({ input }) => readReceipt(deps.sql, input.token)),
];
