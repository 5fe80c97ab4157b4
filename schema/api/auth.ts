import { z } from 'zod';

// A trimmed, required text field whose empty form answers `message`.
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .max(10_000, { error: 'Text is too long' })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: message })
        .max(max, { error: `At most ${max} characters` }),
    );

export const CredentialsBody = z.object({
  username: requiredText('Username is required', 32).refine((name) => !/[\u0000-\u001f\u007f]/.test(name), {
    error: 'Username may not contain control characters',
  }),
  password: z
    .string({ error: 'Password is required' })
    .max(200, { error: 'Password is too long' })
    .refine((password) => password.trim().length > 0, { error: 'Password is required' }),
});
export type CredentialsBody = z.infer<typeof CredentialsBody>;

export const MIN_PASSWORD_LENGTH = 8;

/** A password chosen now: of a new account, or a new password for an old one. */
const newPassword = CredentialsBody.shape.password
  .refine((password) => password.length >= MIN_PASSWORD_LENGTH, {
    error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  })
  .meta({ minLength: MIN_PASSWORD_LENGTH });

// New accounts only: existing passwords of any length keep logging in through CredentialsBody.
export const RegistrationBody = CredentialsBody.extend({ password: newPassword });

/** A change of password: the current one proves it is the owner, not a stolen session, asking. */
export const ChangePasswordBody = z.strictObject({ current_password: CredentialsBody.shape.password, new_password: newPassword });
