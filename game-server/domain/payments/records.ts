import type { PaymentProviderName, PaymentPurpose, PaymentStatus, PaymentStatusDto } from '../../../schema/api/payments.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';

/** The game's record of one card payment, keyed by the provider's id. */
export interface PaymentRecord {
  id: string;
  provider: PaymentProviderName;
  purpose: PaymentPurpose;
  amount_cents: number;
  status: PaymentStatus;
  user_id: string | null;
  metadata: Record<string, unknown>;
  failure_message: string | null;
  fulfilled_at: Date | null;
  /** Given up by its player: a payment arriving for it anyway is refunded. */
  canceled_by_player: boolean;
}

export interface NewPayment {
  id: string;
  provider: PaymentProviderName;
  purpose: PaymentPurpose;
  amountCents: number;
  userId: string | null;
  metadata: Record<string, string | number>;
}

export async function recordPayment(tx: Tx, payment: NewPayment, now: Date): Promise<void> {
  await tx`
    insert into payments (id, provider, purpose, amount_cents, status, user_id, metadata, created_at, updated_at)
    values (${payment.id}, ${payment.provider}, ${payment.purpose}, ${payment.amountCents}, 'pending', ${payment.userId},
            ${tx.json(payment.metadata)}, ${now}, ${now})`;
}

const COLUMNS = 'id, provider, purpose, amount_cents, status, user_id, metadata, failure_message, fulfilled_at, canceled_by_player';

export async function readPayment(sql: Queryable, id: string): Promise<PaymentRecord | null> {
  const [row] = await sql<PaymentRecord[]>`select ${sql.unsafe(COLUMNS)} from payments where id = ${id}`;
  return row ?? null;
}

/** Reads the payment and holds it until the transaction ends: one settlement at a time per payment. */
export async function lockPayment(tx: Tx, id: string): Promise<PaymentRecord | null> {
  const [row] = await tx<PaymentRecord[]>`select ${tx.unsafe(COLUMNS)} from payments where id = ${id} for no key update`;
  return row ?? null;
}

export function paymentStatusDto(payment: PaymentRecord): PaymentStatusDto {
  return {
    id: payment.id,
    purpose: payment.purpose,
    status: payment.status,
    amountCents: payment.amount_cents,
    message: payment.failure_message,
  };
}
