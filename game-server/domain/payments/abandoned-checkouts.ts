import { inTransaction } from '../../infra/db/database.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { reconcilePayment } from './fulfilment.ts';
import type { PaymentProvider } from './provider.ts';

/** A checkout nobody finished within a day is given up: a card payment takes minutes, not days. */
export const ABANDONED_AFTER_HOURS = 24;
const ABANDONED_MESSAGE = `Abandoned: not paid within ${ABANDONED_AFTER_HOURS} hours`;
// One sweep's share, so a backlog is worked off over several runs without one long transaction.
const BATCH = 500;

/**
 * Gives up checkouts left pending for too long: asks the provider first (a late webhook may be
 * missing), then marks the rest canceled and deletes the ads that waited for them. A payment that
 * still succeeds at the provider afterwards finds no ad and is refunded by fulfilment.
 */
export async function expireAbandonedCheckouts(deps: ServiceDeps, provider: PaymentProvider): Promise<{ payments: number; ads: number }> {
  const cutoff = new Date(deps.clock().getTime() - ABANDONED_AFTER_HOURS * 3600 * 1000);
  const stale = await deps.sql<{ id: string }[]>`
    select id from payments where status = 'pending' and created_at < ${cutoff} order by created_at limit ${BATCH}`;
  const stillOpen: string[] = [];
  for (const { id } of stale) {
    const payment = await reconcilePayment(deps, provider, id);
    if (payment?.status === 'pending') stillOpen.push(id);
  }
  if (stillOpen.length === 0) return { payments: 0, ads: 0 };
  return inTransaction(deps.sql, async (tx) => {
    const canceled = await tx`
      update payments set status = 'canceled', failure_message = ${ABANDONED_MESSAGE}, updated_at = ${deps.clock()}
       where id = any(${stillOpen}) and status = 'pending'`;
    const ads = await tx`delete from ads where payment_id = any(${stillOpen}) and status = 'pending_payment'`;
    return { payments: canceled.count, ads: ads.count };
  });
}
