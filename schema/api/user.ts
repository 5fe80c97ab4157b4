import { z } from 'zod';
import { TRADE_HOLD_REASONS } from '../rules/trade-holds.ts';

// The account answer of register, login and /api/auth/me (docs/rules.md §3 "User").
export const AccountDto = z
  .object({
    id: z.string(),
    username: z.string(),
    drk_balance: z.string(),
    is_wanakt: z.boolean(),
    /** The account's trade hold in force, if any (docs/rules.md §4 "Trade holds"): why, and until when. */
    trade_hold: z.object({ reason: z.enum(TRADE_HOLD_REASONS), until: z.string() }).nullable(),
  })
  .meta({ id: 'Account' });
export type AccountDto = z.infer<typeof AccountDto>;

/** GET /api/auth/session: who the page is, asked without an error for a visitor. */
export const SessionDto = z.object({ account: AccountDto.nullable() }).meta({ id: 'Session' });
export type SessionDto = z.infer<typeof SessionDto>;

/** Every error answer: a status of 400 or more and one sentence for a person. */
export const ErrorDto = z.object({ message: z.string() }).meta({ id: 'Error' });
export type ErrorDto = z.infer<typeof ErrorDto>;
