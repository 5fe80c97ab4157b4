import type { CommandOf } from '../../../schema/commands/index.ts';
import { approveAd as approve, markAdRejected, refundRejectedAd } from '../../domain/ads/ad-lifecycle.ts';
import { readAd, toReviewDto } from '../../domain/ads/ad-rows.ts';
import { inTransaction } from '../../infra/db/database.ts';
import { emit } from '../../infra/events/outbox.ts';
import { noticesCreated } from '../../domain/notifications/notifications.ts';
import { startAdPurchase } from '../../domain/ads/ad-purchase.ts';
import { buyBanner as buy } from '../../domain/ads/banners.ts';
import { recordAdClick } from '../../domain/ads/clicks.ts';
import { confirmAdAddress as confirmAddress } from '../../domain/mail/advertiser-address.ts';
import { created, ok, providerOf, userOf, type InTransaction, type OwnTransactions } from '../handler.ts';

/** docs/rules.md §6: an advertiser, with no account, opens a card payment for impressions on a territory. */
export const purchaseAd: OwnTransactions<CommandOf<'ad.purchase'>> = {
  inTransaction: false,
  async run(deps, _actor, { body }) {
    return created(await startAdPurchase(deps, providerOf(deps), body));
  },
};

/** A player's dashboard banner, paid in DRK in the same transaction that creates it. */
export const buyBanner: InTransaction<CommandOf<'banner.buy'>> = {
  inTransaction: true,
  async run(work, { body }) {
    const { banner, paidBy } = await buy(work, userOf(work.actor).id, body);
    if (paidBy.length > 0) await emit(work.tx, { type: 'balances.changed', userIds: paidBy });
    return created(banner);
  },
};

export const approveAd: InTransaction<CommandOf<'ad.approve'>> = {
  inTransaction: true,
  async run(work, { adId }) {
    const { review, notices } = await approve(work, userOf(work.actor), adId);
    await emit(work.tx, ...noticesCreated(notices));
    return ok(review);
  },
};

/** The rejection is recorded first and the refund follows, so a provider that cannot be reached is retried by rejecting again. */
export const rejectAd: OwnTransactions<CommandOf<'ad.reject'>> = {
  inTransaction: false,
  async run(deps, actor, { adId }) {
    const provider = providerOf(deps);
    const { paymentId } = await inTransaction(deps.sql, (tx) => markAdRejected({ tx, now: deps.clock() }, userOf(actor), adId));
    const refundId = paymentId ? await provider.refund(paymentId) : null;
    await inTransaction(deps.sql, async (tx) => {
      const { paidBack, notices } = await refundRejectedAd({ tx, now: deps.clock() }, adId, refundId);
      await emit(
        tx,
        ...noticesCreated(notices),
        ...(paidBack.length > 0 ? [{ type: 'balances.changed' as const, userIds: paidBack }] : []),
      );
    });
    return ok(toReviewDto((await readAd(deps.sql, adId))!));
  },
};

/** A counted click: the answer is where the ad leads, for the route's redirect. */
export const clickAd: InTransaction<CommandOf<'ad.click'>> = {
  inTransaction: true,
  async run(work, { adId }) {
    return ok({ url: await recordAdClick(work, adId) });
  },
};

/** The receipt mail's confirmation link: its token is its own permission, so no session is needed. */
export const confirmAdAddress: InTransaction<CommandOf<'ad.confirm-address'>> = {
  inTransaction: true,
  run: async (work, { body }) => ok(await confirmAddress(work, body.token)),
};
