import { z } from 'zod';
import { AdPurchaseBody, BannerBody } from '../api/ads.ts';
import { payload, TargetId } from './ref.ts';

// Advertising: an advertiser's card-paid ad, a player's DRK banner, the Wanakt's review, and a click.
export const PurchaseAd = z.object({ type: z.literal('ad.purchase'), body: payload(AdPurchaseBody) });
export const BuyBanner = z.object({ type: z.literal('banner.buy'), body: payload(BannerBody) });
export const ApproveAd = z.object({ type: z.literal('ad.approve'), adId: TargetId('Ad id') });
export const RejectAd = z.object({ type: z.literal('ad.reject'), adId: TargetId('Ad id') });

/** A click on a running ad's banner, counted for its advertiser (the route sends one per address per ad an hour). */
export const ClickAd = z.object({ type: z.literal('ad.click'), adId: TargetId('Ad id') });

export const adCommands = [PurchaseAd, BuyBanner, ApproveAd, RejectAd, ClickAd] as const;
