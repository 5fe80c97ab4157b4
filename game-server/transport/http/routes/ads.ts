import { Router } from 'express';
import { IdParam } from '../../../../schema/api/ids.ts';
import { listActiveAds, listAdsInReview } from '../../../domain/ads/ad-lifecycle.ts';
import { myBanners } from '../../../domain/ads/banners.ts';
import { adLink } from '../../../domain/ads/clicks.ts';
import { readReceipt } from '../../../domain/ads/receipts.ts';
import { execute } from '../../../commands/execute.ts';
import { actorOf } from '../command.ts';
import { requireUser, requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';
import { adClickKey, byAddress } from '../rate-limit.ts';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { take } from '../../../infra/limits/take.ts';

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

  // docs/rules.md §4 "Advertise flow": the advertiser's receipt, by its token alone.
  router.get('/ad-receipts/:token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await readReceipt(deps.sql, req.params.token));
  });

  // The banner's link. Validation first, then the address's budget; a counted click is the
  // ad.click command (the same counter as its POST call), and a repeat within the hour still leads
  // to the advertiser but only reads the link, so a script cannot inflate what the advertiser sees.
  router.get('/ads/:id/click', async (req, res) => {
    const adId = parseBody(AdId, req.params.id);
    await take(deps.limits.doors.adClick, byAddress(req), 'Too many ad clicks from your address.');
    const counts = await deps.limits.doors.adClickCounted.consume(adClickKey(req)).then(
      () => true,
      (error: unknown) => {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      },
    );
    const url = counts
      ? ((await execute(deps, actorOf(res), { type: 'ad.click', adId })).body as { url: string }).url
      : await adLink(deps.sql, adId);
    res.redirect(302, url);
  });

  return router;
}
