import { daysUntil, rentDueSoon, rentOverdue } from '../../../schema/rules/notifications.ts';
import type { Work } from '../service-deps.ts';
import { notify, type StoredNotice } from './notifications.ts';

/** A payment this close to its due date gets a 'due soon' reminder. */
export const RENT_DUE_SOON_DAYS = 3;
// One run reminds at most this many payments; the next run, an hour later, takes the rest.
const REMINDERS_PER_RUN = 5000;

/**
 * Tells payers of unpaid rent that it falls due soon, and again once it is overdue, in the job's
 * transaction. Each reminder is keyed by its payment, so every process and every run may look: a
 * payer hears each once. Answers the reminders stored, for the job to announce.
 */
export async function remindRent({ tx, now }: Work): Promise<StoredNotice[]> {
  const soon = new Date(now.getTime() + RENT_DUE_SOON_DAYS * 86_400_000);
  const due = await tx<{ id: number; payer_id: string; name: string; amount: string; due_date: Date }[]>`
    select p.id, p.payer_id, t.name, p.amount::text, p.due_date
      from rent_payments p join territories t on t.id = p.payer_territory_id
     where p.paid_at is null and p.due_date < ${soon}
       and not exists (
         select 1 from notifications n
          where n.user_id = p.payer_id
            and n.once_key = case when p.due_date < ${now} then 'rent-overdue:' else 'rent-due-soon:' end || p.id)
     order by p.due_date, p.id
     limit ${REMINDERS_PER_RUN}`;
  const drafts = due.map((row) =>
    row.due_date < now
      ? rentOverdue(row.payer_id, row.id, row.name, Number(row.amount))
      : rentDueSoon(row.payer_id, row.id, row.name, Number(row.amount), daysUntil(row.due_date, now)),
  );
  return notify(tx, drafts, now);
}
