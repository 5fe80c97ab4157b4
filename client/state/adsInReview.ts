import { useQuery } from '@tanstack/react-query';
import { readQuery } from './query.ts';
import { useIsWanakt } from './session.ts';

/** The desk's review queue: the Wanakt's bell and desk link count it, the desk lists it. */
// An ad not reviewed within AD_REVIEW_HOURS is refunded (docs/rules.md §4 "Advertise flow"): a minute is soon enough to hear of one.
const RECOUNT_MS = 60_000;

/** How many ads wait for the Wanakt's review; undefined for anyone else or while loading. */
export function useAdsInReview(): number | undefined {
  const isWanakt = useIsWanakt();
  const queue = useQuery({ ...readQuery('/ads/review'), enabled: isWanakt, refetchInterval: RECOUNT_MS });
  return isWanakt ? queue.data?.length : undefined;
}
