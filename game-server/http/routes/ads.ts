import { Router } from 'express';
import { IdParam } from '../../../schema/api/ids.ts';
import { listActiveAds, listAdsInReview } from '../../ads/ad-lifecycle.ts';
import { myBanners } from '../../ads/banners.ts';
import { adLink } from '../../ads/clicks.ts';
import { readReceipt } from '../../ads/receipts.ts';
import { execute } from '../../commands/execute.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { actorOf, bodyOnly, commandRoute } from '../command.ts';
import { requireUser, requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';
import { byAddress, countAdmitted } from '../rate-limit.ts';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { take } from '../../limits/take.ts';

const AdId = IdParam('Ad id');

export function adRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();

  router.get('/ads/active', async (_req, res) => {
    res.json(await listActiveAds(deps.sql));
  });

  const commands = { ...deps, payments };
  // docs/rules.md §6: advertisers need no account, only an email.
  const adIntents = countAdmitted(deps.limits.doors.adIntent, byAddress, 'Too many ad checkouts from your address.');
  router.post('/ads/purchase', commandRoute(commands, 'ad.purchase', bodyOnly, adIntents));
  router.post('/ads/banner', commandRoute(commands, 'banner.buy'));

  router.get('/ads/mine', async (_req, res) => {
    res.json(await myBanners(deps.sql, requireUser(res).id));
  });

  router.get('/ads/review', async (_req, res) => {
    requireWanakt(res);
    res.json(await listAdsInReview(deps.sql));
  });

  router.post('/ads/:id/approve', commandRoute(commands, 'ad.approve', (req) => ({ adId: req.params.id })));
  router.post('/ads/:id/reject', commandRoute(commands, 'ad.reject', (req) => ({ adId: req.params.id })));

  // docs/rules.md §4 "Advertise flow": the advertiser's receipt, by its token alone.
  router.get('/ad-receipts/:token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await readReceipt(deps.sql, req.params.token));
  });

  // Validation first, then the address's budget; a counted click is the ad.click command, and a
  // repeat within the hour still leads to the advertiser but only reads the link, so a script
  // cannot inflate what the advertiser sees.
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
    const url = counts ? ((await execute(commands, actorOf(res), { type: 'ad.click', adId })).body as { url: string }).url : await adLink(deps.sql, adId);
    res.redirect(302, url);
  });

  return router;
}
