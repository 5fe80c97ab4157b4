import {
  endAdRun,
  endedAdsDue,
  markAdUnreviewed,
  recordUndeliveredRefund,
  refundRejectedAd,
  unreviewedAdsDue,
} from '../domain/ads/ad-lifecycle.ts';
import { queueAdReports } from '../domain/mail/ad-mail.ts';
import type { PaymentProvider } from '../domain/payments/provider.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { inTransaction } from '../infra/db/database.ts';
import type { DomainEvent } from '../infra/events/domain-events.ts';
import { emit } from '../infra/events/outbox.ts';
import { noticesCreated } from '../domain/notifications/notifications.ts';

// The advertiser's promises kept by the clock (docs/rules.md §4 "Advertise flow"). Each ad is taken
// in transactions of its own; a card refund is asked of the provider between two of them, never
// inside one, and an ad whose refund failed is found again by the next run. "24 hours" and "30 days"
// are the game's clock (deps.clock), as for every job.

const balancesChanged = (userIds: string[]): DomainEvent[] => (userIds.length > 0 ? [{ type: 'balances.changed', userIds }] : []);

/** Every five minutes: an ad is refunded or ended within minutes of its deadline. */
export const AD_DEADLINES_CRON = '*/5 * * * *';

export interface AdDeadlines {
  refunded: number[];
  ended: number[];
}

/** Refunds in full each ad not reviewed within 24 hours of its payment, then ends each ad whose 30 days are over. */
export async function keepAdDeadlines(deps: ServiceDeps, provider: PaymentProvider): Promise<AdDeadlines> {
  const refunded: number[] = [];
  for (const id of await unreviewedAdsDue(deps.sql, deps.clock())) {
    const marked = await inTransaction(deps.sql, (tx) => markAdUnreviewed({ tx, now: deps.clock() }, id));
    if (!marked) continue;
    const refundId = marked.paymentId ? await provider.refund(marked.paymentId) : null;
    await inTransaction(deps.sql, async (tx) => {
      const { paidBack, notices } = await refundRejectedAd({ tx, now: deps.clock() }, id, refundId);
      await emit(tx, ...noticesCreated(notices), ...balancesChanged(paidBack));
    });
    refunded.push(id);
  }
  const ended: number[] = [];
  for (const id of await endedAdsDue(deps.sql, deps.clock())) {
    const run = await inTransaction(deps.sql, async (tx) => {
      const result = await endAdRun({ tx, now: deps.clock() }, id);
      await emit(tx, ...noticesCreated(result.notices), ...balancesChanged(result.paidBack));
      return result;
    });
    if (run.cardRefund) {
      const refundId = await provider.refund(run.cardRefund.paymentId, run.cardRefund.cents);
      await inTransaction(deps.sql, (tx) => recordUndeliveredRefund({ tx, now: deps.clock() }, id, refundId));
    }
    ended.push(id);
  }
  return { refunded, ended };
}

/** AD_REPORT_CRON: the daily report of every running ad, once a day whichever process runs it. */
export function mailAdReports(deps: ServiceDeps): Promise<number> {
  return inTransaction(deps.sql, (tx) => queueAdReports({ tx, now: deps.clock() }));
}
