import { z } from 'zod';
import { AdClickDto, AdPurchaseBody, AdPurchaseDto, AdReviewDto, BannerBody, MyBannerDto } from '../api/ads.ts';
import { player, visitor, wanakt } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId } from './registry.ts';

// Advertising: an advertiser's card-paid ad, a player's DRK banner, the Wanakt's review, and a click.
// docs/rules.md §6: advertisers need no account, only an email.
export const PurchaseAd = declareCommand(z.object({ type: z.literal('ad.purchase'), body: payload(AdPurchaseBody) }), visitor, {
  method: 'post',
  path: '/ads/purchase',
  scope: 'ads',
  tag: 'Ads',
  summary: 'Buy ad impressions on a territory (card; no account needed)',
  ok: { status: 201, schema: AdPurchaseDto, description: 'Checkout for the ad' },
  errors: [404, 409],
  limit: 'ad-checkout',
});
export const BuyBanner = declareCommand(
  z.object({ type: z.literal('banner.buy'), body: payload(BannerBody) }),
  player('Please log in to create a banner'),
  {
    method: 'post',
    path: '/ads/banner',
    scope: 'ads',
    tag: 'Ads',
    summary: 'Buy a dashboard banner with DRK',
    ok: { status: 201, schema: MyBannerDto, description: 'The banner, in review' },
    errors: [409],
  },
);
const adId = TargetId('Ad id');
const params = { id: pathId('adId', 'Ad id') };
export const ApproveAd = declareCommand(z.object({ type: z.literal('ad.approve'), adId }), wanakt, {
  method: 'post',
  path: '/ads/:id/approve',
  params,
  scope: null,
  tag: 'Wanakt',
  summary: 'Approve an ad',
  ok: { status: 200, schema: AdReviewDto, description: 'Approved' },
  errors: [409],
});
export const RejectAd = declareCommand(z.object({ type: z.literal('ad.reject'), adId }), wanakt, {
  method: 'post',
  path: '/ads/:id/reject',
  params,
  scope: null,
  tag: 'Wanakt',
  summary: 'Reject an ad and refund it',
  ok: { status: 200, schema: AdReviewDto, description: 'Rejected' },
  errors: [409],
});

/**
 * A click on a running ad, counted for its advertiser once per address per ad an hour. The banner's
 * link is GET /api/ads/{id}/click, which executes this command for a counted click and redirects
 * (game-server/transport/http/routes/ads.ts); both count against the same two counters, the
 * address's budget of clicks and the once-an-hour count.
 */
export const ClickAd = declareCommand(z.object({ type: z.literal('ad.click'), adId }), visitor, {
  method: 'post',
  path: '/ads/:id/click',
  params,
  scope: null,
  tag: 'Ads',
  summary: 'Count a click on a running ad; answers where it leads',
  ok: { status: 200, schema: AdClickDto, description: "The ad's web address" },
  errors: [404],
  limit: ['ad-click-address', 'ad-click'],
});

export const adCommands = [PurchaseAd, BuyBanner, ApproveAd, RejectAd, ClickAd] as const;
