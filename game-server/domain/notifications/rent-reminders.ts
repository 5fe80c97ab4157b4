import { daysUntil, rentDueSoon, rentOverdue } from '../../../schema/rules/notifications.ts';
import type { Work } from '../service-deps.ts';
import { notify, type StoredNotice } from './notifications.ts';

/** A payment this close to its due date gets a 'due soon' reminder. */
export const RENT_DUE_SOON_DAYS = 3;
/** Reminders one transaction sends; a run goes on batch after batch until every payer has heard. */
export const REMINDERS_PER_BATCH = 5000;

/** Where a batch of reminders stopped, in the order payments fall due: the last payment it reminded. */
export type ReminderKey = [dueDate: Date, paymentId: number];

/**
 * Tells payers of unpaid rent that it falls due soon, and again once it is overdue, in the job's
 * transaction: the first `limit` payments not reminded yet after `after`, by due date (the
 * rent_payments_unpaid_due index walks them in that order). Each reminder is keyed by its payment,
 * so every process and every run may look: a payer hears each once. Answers the reminders stored,
 * for the job to announce, and where the batch stopped, or null when it found fewer than `limit` and
 * nothing is left.
 */
export async function remindRent(
  { tx, now }: Work,
  after: ReminderKey | null = null,
  limit = REMINDERS_PER_BATCH,
): Promise<{ notices: StoredNotice[]; last: ReminderKey | null }> {
  const soon = new Date(now.getTime() + RENT_DUE_SOON_DAYS * 86_400_000);
  const due = await tx<{ id: number; payer_id: string; name: string; amount: string; due_date: Date }[]>`
    select p.id, p.payer_id, t.name, p.amount::text, p.due_date
      from rent_payments p join territories t on t.id = p.payer_territory_id
     where p.paid_at is null and p.due_date < ${soon}
       ${after ? tx`and (p.due_date, p.id) > (${after[0]}, ${after[1]})` : tx``}
       and not exists (
         select 1 from notifications n
          where n.user_id = p.payer_id
            and n.once_key = case when p.due_date < ${now} then 'rent-overdue:' else 'rent-due-soon:' end || p.id)
     order by p.due_date, p.id
     limit ${limit}`;
  const drafts = due.map((row) =>
    row.due_date < now
      ? rentOverdue(row.payer_id, row.id, row.name, Number(row.amount))
      : rentDueSoon(row.payer_id, row.id, row.name, Number(row.amount), daysUntil(row.due_date, now)),
  );
  const last = due.at(-1);
  return { notices: await notify(tx, drafts, now), last: due.length < limit || !last ? null : [last.due_date, last.id] };
}
