export const PAYMENT_TYPES = ['rent', 'sub_rent', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** An unpaid payment due, as the rent page and the payment schedule show it (SPEC §3 "Payment due"). */
export interface PaymentDueDto {
  id: number;
  period: string;
  payment_type: PaymentType;
  amount: number;
  due_date: string;
  payer_id: string;
  payer_username: string;
  payer_territory_id: number;
  payer_territory_name: string;
  payee_id: string;
  payee_username: string;
  payee_territory_id: number | null;
  payee_territory_name: string | null;
  /** Past its due date: the rent page shows 'Pay Now' instead of 'Pay Early' (SPEC §4). */
  overdue: boolean;
  /** 'Due in N days' or 'Overdue by N days'. */
  label: string;
}

/** The answer of POST /api/rent/pay/{paymentId}. */
export interface RentPaidDto {
  message: string;
  payment_id: number;
  amount: number;
  paid_at: string;
}
