import { z } from 'zod';

export const PAYMENT_TYPES = ['rent', 'sub_rent', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** An unpaid payment due, as the rent page and the payment schedule show it (docs/rules.md §3 "Rent payment"). */
export const PaymentDueDto = z
  .object({
    id: z.number().int(),
    period: z.string(),
    payment_type: z.enum(PAYMENT_TYPES),
    amount: z.number(),
    due_date: z.string(),
    payer_id: z.string(),
    payer_username: z.string(),
    payer_territory_id: z.number().int(),
    payer_territory_name: z.string(),
    payee_id: z.string(),
    payee_username: z.string(),
    payee_territory_id: z.number().int().nullable(),
    payee_territory_name: z.string().nullable(),
    /** Past its due date: the rent page shows 'Pay Now' instead of 'Pay Early' (docs/rules.md §4). */
    overdue: z.boolean(),
    /** 'Due in N days' or 'Overdue by N days'. */
    label: z.string(),
  })
  .meta({ id: 'PaymentDue' });
export type PaymentDueDto = z.infer<typeof PaymentDueDto>;

/** The answer of POST /api/rent/pay/{paymentId}. */
export const RentPaidDto = z
  .object({ message: z.string(), payment_id: z.number().int(), amount: z.number(), paid_at: z.string() })
  .meta({ id: 'RentPaid' });
export type RentPaidDto = z.infer<typeof RentPaidDto>;
