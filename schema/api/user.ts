import { z } from 'zod';

// The account answer of register, login and /api/auth/me (docs/rules.md §3 "User").
export const AccountDto = z
  .object({ id: z.string(), username: z.string(), drk_balance: z.string(), is_wanakt: z.boolean() })
  .meta({ id: 'Account' });
export type AccountDto = z.infer<typeof AccountDto>;

/** GET /api/auth/session: who the page is, asked without an error for a visitor. */
export const SessionDto = z.object({ account: AccountDto.nullable() }).meta({ id: 'Session' });
export type SessionDto = z.infer<typeof SessionDto>;

/** Every error answer: a status of 400 or more and one sentence for a person. */
export const ErrorDto = z.object({ message: z.string() }).meta({ id: 'Error' });
export type ErrorDto = z.infer<typeof ErrorDto>;
