import { Router } from 'express';
import { AdPurchaseBody, BannerBody } from '../../../schema/api/ads.ts';
import { IdParam } from '../../../schema/api/ids.ts';
import { approveAd, listActiveAds, listAdsInReview, rejectAd } from '../../ads/ad-lifecycle.ts';
import { startAdPurchase } from '../../ads/ad-purchase.ts';
import { buyBanner, myBanners } from '../../ads/banners.ts';
import { recordAdClick } from '../../ads/clicks.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { unauthenticated } from '../../errors.ts';
import { currentUser, requireUser, requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

const AdId = IdParam('Ad id');

export function adRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();

  router.get('/ads/active', async (_req, res) => {
    res.json(await listActiveAds(deps.sql));
  });

  // SPEC §6: advertisers need no account, only an email.
  router.post('/ads/purchase', async (req, res) => {
    res.status(201).json(await startAdPurchase(deps, payments, parseBody(AdPurchaseBody, req.body)));
  });

  router.post('/ads/banner', async (req, res) => {
    const buyer = currentUser(res);
    if (!buyer) throw unauthenticated('Please log in to create a banner');
    res.status(201).json(await buyBanner(deps, buyer.id, parseBody(BannerBody, req.body)));
  });

  router.get('/ads/mine', async (_req, res) => {
    res.json(await myBanners(deps.sql, requireUser(res).id));
  });

  router.get('/ads/review', async (_req, res) => {
    requireWanakt(res);
    res.json(await listAdsInReview(deps.sql));
  });

  router.post('/ads/:id/approve', async (req, res) => {
    requireWanakt(res);
    res.json(await approveAd(deps, parseBody(AdId, req.params.id)));
  });

  router.post('/ads/:id/reject', async (req, res) => {
    requireWanakt(res);
    res.json(await rejectAd(deps, payments, parseBody(AdId, req.params.id)));
  });

  router.get('/ads/:id/click', async (req, res) => {
    res.redirect(302, await recordAdClick(deps.sql, parseBody(AdId, req.params.id)));
  });

  return router;
}
