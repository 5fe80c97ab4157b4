// docs/rules.md §4 "Advertise flow": what the payment step promises an advertiser, as numbers the
// jobs and the checkout's words share.

/** An ad not reviewed this many hours after its payment is refunded in full. */
export const AD_REVIEW_HOURS = 24;
/** An ad runs at most this many days from its approval. */
export const AD_MAX_RUN_DAYS = 30;

const HOUR_MS = 3_600_000;

/** The moment an ad paid at `paidAt` must have been reviewed by. */
export function reviewDeadline(paidAt: Date): Date {
  return new Date(paidAt.getTime() + AD_REVIEW_HOURS * HOUR_MS);
}

/** The moment an ad approved at `approvedAt` stops running, whatever it delivered. */
export function runEnd(approvedAt: Date): Date {
  return new Date(approvedAt.getTime() + AD_MAX_RUN_DAYS * 24 * HOUR_MS);
}

/**
 * What an ad that ended short gives back: its price × the impressions not delivered ÷ those bought,
 * rounded down to the unit (a cent of a card payment, a DRK of a banner paid in DRK).
 */
export function undeliveredRefund(price: number, wanted: number, delivered: number): number {
  const undelivered = Math.max(0, wanted - Math.min(delivered, wanted));
  return Number((BigInt(price) * BigInt(undelivered)) / BigInt(wanted));
}
