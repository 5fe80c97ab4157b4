import type { PaymentDueDto, RentPaidDto } from '../../../schema/api/rent.ts';
import { dueLabel } from '../../../schema/rules/rent.ts';
import type { ActingUser } from '../../../schema/commands/policy.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { rentPaid, rentReceived } from '../../../schema/rules/notifications.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import { transfer } from './ledger.ts';
import { formatDrk } from '../../../schema/format.ts';

/** A payment as read from the database: the DTO's fields before the amount and dates are converted. */
export type PaymentRow = Omit<PaymentDueDto, 'amount' | 'due_date' | 'overdue' | 'label'> & {
  amount: string;
  due_date: Date;
  paid_at: Date | null;
};

// The Wanakt's list of every overdue payment is bounded so one read cannot grow without limit.
const MAX_LISTED = 500;

function toDto({ paid_at: _paid, ...row }: PaymentRow, now: Date): PaymentDueDto {
  return {
    ...row,
    amount: Number(row.amount),
    due_date: row.due_date.toISOString(),
    overdue: row.due_date.getTime() < now.getTime(),
    label: dueLabel(row.due_date, now),
  };
}

export interface PaymentFilter {
  unpaidOnly?: boolean;
  payerId?: string | null;
  /** Payments where this user pays or collects. */
  partyId?: string | null;
  dueBefore?: Date | null;
  period?: string | null;
  /** null reads every matching payment. */
  limit?: number | null;
}

/** Payments with their parties' and territories' names, soonest due first: what every rent screen reads. */
export async function readPayments(sql: Queryable, filter: PaymentFilter): Promise<PaymentRow[]> {
  return sql<PaymentRow[]>`
    select p.id, p.period, p.payment_type, p.amount::text, p.due_date, p.paid_at,
           p.payer_id, payer.username as payer_username, p.payer_territory_id, pt.name as payer_territory_name,
           p.payee_id, payee.username as payee_username, p.payee_territory_id, et.name as payee_territory_name
      from rent_payments p
      join users payer on payer.id = p.payer_id
      join users payee on payee.id = p.payee_id
      join territories pt on pt.id = p.payer_territory_id
      left join territories et on et.id = p.payee_territory_id
     where (not ${filter.unpaidOnly ?? false} or p.paid_at is null)
       and (${filter.payerId ?? null}::text is null or p.payer_id = ${filter.payerId ?? null})
       and (${filter.partyId ?? null}::text is null or p.payer_id = ${filter.partyId ?? null} or p.payee_id = ${filter.partyId ?? null})
       and (${filter.dueBefore ?? null}::timestamptz is null or p.due_date < ${filter.dueBefore ?? null})
       and (${filter.period ?? null}::text is null or p.period = ${filter.period ?? null})
     order by p.due_date, p.id
     limit ${filter.limit === undefined ? MAX_LISTED : filter.limit}`;
}

/**
 * A player's unpaid payments, soonest first; overdue ones come first and say so. A player reads
 * only its own; the Wanakt, who sees the payment schedule, reads anyone's.
 */
export async function listUpcomingPayments(sql: Queryable, viewer: ActingUser, userId: string, now: Date): Promise<PaymentDueDto[]> {
  if (userId !== viewer.id && !viewer.is_wanakt) throw forbidden('You can only see your own payments');
  const [user] = await sql`select 1 from users where id = ${userId}`;
  if (!user) throw notFound('User not found');
  const rows = await readPayments(sql, { unpaidOnly: true, payerId: userId });
  return rows.map((row) => toDto(row, now));
}

/** Unpaid payments past their due date: the player's own, or every one for the Wanakt. */
export async function listOverduePayments(sql: Queryable, viewer: ActingUser, now: Date): Promise<PaymentDueDto[]> {
  const rows = await readPayments(sql, { unpaidOnly: true, payerId: viewer.is_wanakt ? null : viewer.id, dueBefore: now });
  return rows.map((row) => toDto(row, now));
}

/**
 * The payer settles one payment: its amount moves to the payee and the payment is marked paid in
 * the same transaction, and both are told. The row is locked first, so concurrent attempts queue
 * and all but the first find it paid.
 */
export async function payRent(
  { tx, now }: Work,
  payer: ActingUser,
  paymentId: number,
): Promise<{ paid: RentPaidDto; payeeId: string; notices: StoredNotice[] }> {
  const [payment] = await tx<
    {
      payer_id: string;
      payee_id: string;
      payer_territory_id: number;
      amount: string;
      paid_at: Date | null;
      payer_territory_name: string;
      payee_username: string;
    }[]
  >`
    select p.payer_id, p.payee_id, p.payer_territory_id, p.amount::text, p.paid_at,
           t.name as payer_territory_name, u.username as payee_username
      from rent_payments p
      join territories t on t.id = p.payer_territory_id
      join users u on u.id = p.payee_id
     where p.id = ${paymentId}
       for no key update of p`;
  if (!payment) throw notFound('Payment not found');
  if (payment.payer_id !== payer.id) throw forbidden('Only the payer can pay this payment');
  if (payment.paid_at !== null) throw conflict('This payment has already been paid');
  const amount = Number(payment.amount);
  await transfer(
    tx,
    payment.payer_id,
    payment.payee_id,
    {
      amount,
      reason: 'rent',
      territoryId: payment.payer_territory_id,
      reference: `rent_payment:${paymentId}`,
    },
    now,
  );
  await tx`update rent_payments set paid_at = ${now} where id = ${paymentId}`;
  const notices = await notify(
    tx,
    [
      rentReceived(payment.payee_id, payer.username, payment.payer_territory_name, amount),
      rentPaid(payment.payer_id, payment.payee_username, payment.payer_territory_name, amount),
    ],
    now,
  );
  const paid = {
    message: `Paid ${formatDrk(amount)} rent for ${payment.payer_territory_name} to ${payment.payee_username}`,
    payment_id: paymentId,
    amount,
    paid_at: now.toISOString(),
  };
  return { paid, payeeId: payment.payee_id, notices };
}
