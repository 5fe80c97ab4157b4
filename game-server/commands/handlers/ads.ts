import type { z } from 'zod';
import type { ApproveAd, BuyBanner, PurchaseAd, RejectAd } from '../../../schema/commands/ads.ts';
import { approveAd as approve, rejectAd as reject } from '../../ads/ad-lifecycle.ts';
import { startAdPurchase } from '../../ads/ad-purchase.ts';
import { buyBanner as buy } from '../../ads/banners.ts';
import { created, ok, providerOf, userOf, type InTransaction, type OwnTransactions } from '../handler.ts';

/** docs/rules.md §6: an advertiser, with no account, opens a card payment for impressions on a territory. */
export const purchaseAd: OwnTransactions<z.infer<typeof PurchaseAd.schema>> = {
  inTransaction: false,
  async run(deps, _actor, { body }) {
    return created(await startAdPurchase(deps, providerOf(deps), body));
  },
};

/** A player's dashboard banner, paid in DRK in the same transaction that creates it. */
export const buyBanner: InTransaction<z.infer<typeof BuyBanner.schema>> = {
  inTransaction: true,
  async run(work, { body }) {
    return created(await buy(work, userOf(work.actor).id, body));
  },
};

export const approveAd: InTransaction<z.infer<typeof ApproveAd.schema>> = {
  inTransaction: true,
  async run(work, { adId }) {
    return ok(await approve(work, userOf(work.actor), adId));
  },
};

/** The rejection is recorded first and the refund follows, so a provider that cannot be reached is retried by rejecting again. */
export const rejectAd: OwnTransactions<z.infer<typeof RejectAd.schema>> = {
  inTransaction: false,
  async run(deps, actor, { adId }) {
    return ok(await reject(deps, providerOf(deps), userOf(actor), adId));
  },
};
