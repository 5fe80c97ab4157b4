import { Router } from 'express';
import { IdParam } from '../../../schema/api/ids.ts';
import { listActiveAds, listAdsInReview } from '../../ads/ad-lifecycle.ts';
import { myBanners } from '../../ads/banners.ts';
import { recordAdClick } from '../../ads/clicks.ts';
import { requireUser, requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';
import { byAddress } from '../rate-limit.ts';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { take } from '../../limits/take.ts';

const AdId = IdParam('Ad id');

export function adRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/ads/active', async (_req, res) => {
    res.json(await listActiveAds(deps.sql));
  });

  router.get('/ads/mine', async (_req, res) => {
    res.json(await myBanners(deps.sql, requireUser(res).id));
  });

  router.get('/ads/review', async (_req, res) => {
    requireWanakt(res);
    res.json(await listAdsInReview(deps.sql));
  });

  // Validation first, then the address's budget; a repeat within the hour still leads to the
  // advertiser but is not counted again, so a script cannot inflate what the advertiser sees.
  router.get('/ads/:id/click', async (req, res) => {
    const adId = parseBody(AdId, req.params.id);
    const address = byAddress(req);
    await take(deps.limits.doors.adClick, address, 'Too many ad clicks from your address.');
    const counts = await deps.limits.doors.adClickCounted.consume(`${address}|${adId}`).then(
      () => true,
      (error: unknown) => {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      },
    );
    res.redirect(302, await recordAdClick(deps.sql, adId, counts));
  });

  return router;
}
