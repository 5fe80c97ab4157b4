import { rotateBanner, type BannerRotation } from '../domain/ads/banner-rotation.ts';
import type { ImpressionTally } from '../domain/ads/impression-tally.ts';
import { recordImpressions, type DeliveredImpressions } from '../domain/ads/impressions.ts';
import { inTransaction } from '../infra/db/database.ts';
import { emit } from '../infra/events/outbox.ts';
import { noticesCreated } from '../domain/notifications/notifications.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';

// The banner's two jobs (docs/design.md "Jobs"): the rotation, once per slot across processes, and
// the one writer of banner impressions, which each process runs for what its own rooms showed.

/** Every 5 seconds: an advertiser's receipt page, which reads every 5 seconds too, is at most 10 s behind. */
export const IMPRESSIONS_CRON = '*/5 * * * * *';

/** Rotates one slot; the process that rotated it announces it to every room. */
export function runBannerRotation(deps: ServiceDeps, slot: number): Promise<BannerRotation> {
  return inTransaction(deps.sql, async (tx) => {
    const rotation = await rotateBanner({ tx, now: deps.clock() }, slot);
    if (rotation.rotated) await emit(tx, { type: 'banner.changed', slot, ad: rotation.ad });
    return rotation;
  });
}

/** Writes what this process's rooms showed since the last run; what fails to write waits for the next run. */
export async function writeImpressions(deps: ServiceDeps, tally: ImpressionTally): Promise<DeliveredImpressions[]> {
  const shown = tally.take();
  if (shown.length === 0) return [];
  try {
    return await inTransaction(deps.sql, async (tx) => {
      const { delivered, notices } = await recordImpressions({ tx, now: deps.clock() }, shown);
      await emit(tx, ...noticesCreated(notices));
      return delivered;
    });
  } catch (error) {
    tally.putBack(shown);
    throw error;
  }
}
