import { z } from 'zod';
import {
  AdAddressConfirmedDto,
  AdClickDto,
  AdPurchaseBody,
  AdPurchaseDto,
  AdReviewDto,
  BannerBody,
  ConfirmAdAddressBody,
  MyBannerDto,
} from '../api/ads.ts';
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
 * A click on a running ad, counted for its advertiser once per player (a visitor: per address) per
 * ad an hour. The banner's link is GET /api/ads/{id}/click, which executes this command for a
 * counted click and redirects (game-server/transport/http/routes/ads.ts); both count against the
 * same two counters, the address's budget of clicks and the once-an-hour count.
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

/**
 * The confirmation link of an ad's receipt mail, followed from its receipt page (docs/rules.md §11
 * "Mail", "An advertiser's address"): the token is its own permission, so no session is needed.
 */
export const ConfirmAdAddress = declareCommand(
  z.object({ type: z.literal('ad.confirm-address'), body: payload(ConfirmAdAddressBody) }),
  visitor,
  {
    method: 'post',
    path: '/ads/confirm-address',
    scope: null,
    tag: 'Ads',
    summary: "Confirm an advertiser's address with the token of its receipt mail's link (no account needed)",
    description:
      'Until its address is confirmed, an ad sends it nothing but the receipt: the review result, the daily and final reports and refund notices are only shown on the receipt page. Confirmed once, the address stays confirmed for every later ad bought with it. Confirming again answers the same; an unknown token is 404 and changes nothing.',
    ok: { status: 200, schema: AdAddressConfirmedDto, description: 'The confirmed address' },
    errors: [404],
    limit: 'mail-link',
  },
);

export const adCommands = [PurchaseAd, BuyBanner, ApproveAd, RejectAd, ClickAd, ConfirmAdAddress] as const;
