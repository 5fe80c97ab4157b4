import { Router } from 'express';
import { IdParam } from '../../../../schema/api/ids.ts';
import { adLink } from '../../../domain/ads/clicks.ts';
import { execute } from '../../../commands/execute.ts';
import { actorOf } from '../command.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';
import { adClickKey, byAddress } from '../rate-limit.ts';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { take } from '../../../infra/limits/take.ts';

const AdId = IdParam('Ad id');

export function adRoutes(deps: HttpDeps): Router {
  const router = Router();

  // The banner's link. Validation first, then the address's budget; a counted click is the
  // ad.click command (the same counter as its POST call), and a repeat within the hour still leads
  // to the advertiser but only reads the link, so a script cannot inflate what the advertiser sees.
  router.get('/ads/:id/click', async (req, res) => {
    const adId = parseBody(AdId, req.params.id);
    await take(deps.limits.doors.adClick, byAddress(req), 'Too many ad clicks from your address.');
    const counts = await deps.limits.doors.adClickCounted.consume(adClickKey(req, res)).then(
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
