import { z } from 'zod';
import { AdPurchaseBody, BannerBody } from '../api/ads.ts';
import { payload, TargetId } from './ref.ts';

// Advertising: an advertiser's card-paid ad, a player's DRK banner, and the Wanakt's review.
export const PurchaseAd = z.object({ type: z.literal('ad.purchase'), body: payload(AdPurchaseBody) });
export const BuyBanner = z.object({ type: z.literal('banner.buy'), body: payload(BannerBody) });
export const ApproveAd = z.object({ type: z.literal('ad.approve'), adId: TargetId('Ad id') });
export const RejectAd = z.object({ type: z.literal('ad.reject'), adId: TargetId('Ad id') });

export const adCommands = [PurchaseAd, BuyBanner, ApproveAd, RejectAd] as const;
