import { z } from 'zod';
import { DIGEST_FREQUENCIES, MAIL_STOP_KINDS } from '../rules/mail.ts';

export { DIGEST_FREQUENCIES, MAIL_STOP_KIND_NAMES, MAIL_STOP_KINDS, type DigestFrequency, type MailStopKind } from '../rules/mail.ts';

/** An unsubscribe link's token: who, which kind, and the game's signature of the two. */
export const UnsubscribeToken = z
  .string()
  .regex(/^[ua]\.[A-Za-z0-9_-]{1,64}\.[a-z_]{1,20}\.[A-Za-z0-9_-]{22}$/, { error: 'This unsubscribe link is not valid' });

export const UnsubscribedDto = z
  .object({ kind: z.enum(MAIL_STOP_KINDS), stopped: z.literal(true), message: z.string() })
  .meta({ id: 'Unsubscribed' });
export type UnsubscribedDto = z.infer<typeof UnsubscribedDto>;

/** An e-mail address as the account takes it: one mailbox, no display name, at most 254 characters (RFC 5321). */
export const EmailAddress = z
  .string({ error: 'email must be a string' })
  .trim()
  .max(254, { error: 'An e-mail address has at most 254 characters' })
  .regex(/^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/, { error: 'Please enter a valid e-mail address' });

/** POST /api/account/email: set or change the address (a confirmation link is sent to it), or remove it (null). */
export const SetEmailBody = z.strictObject({ email: EmailAddress.nullable() }).meta({ id: 'SetEmailBody' });
export type SetEmailBody = z.infer<typeof SetEmailBody>;

/** 32 random bytes in base64url, as the confirmation link carries them. */
export const EmailToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This confirmation link is not valid' });
export const VerifyEmailBody = z.strictObject({ token: EmailToken }).meta({ id: 'VerifyEmailBody' });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** The largest rent threshold a player may set: more DRK than will ever exist. */
export const MAX_RENT_THRESHOLD = 21_000_000;

/** POST /api/account/mail-preferences: every preference at once. */
export const MailPreferencesBody = z
  .strictObject({
    sale: z.boolean({ error: 'sale must be true or false' }),
    listing_bought: z.boolean({ error: 'listing_bought must be true or false' }),
    /** Mail for rent received of more than this many DRK; null: no mail for rent. */
    rent_above: z
      .number({ error: 'rent_above must be a whole number of DRK or null' })
      .int({ error: 'rent_above must be a whole number of DRK or null' })
      .min(0, { error: 'rent_above must be 0 or more' })
      .max(MAX_RENT_THRESHOLD, { error: `rent_above must be at most ${MAX_RENT_THRESHOLD}` })
      .nullable(),
    mention: z.boolean({ error: 'mention must be true or false' }),
    /** docs/rules.md §4 "Alliances": an invitation, an acceptance, a removal or a payout; off when left out. */
    alliance: z.boolean({ error: 'alliance must be true or false' }).default(false),
    digest: z.enum(DIGEST_FREQUENCIES, { error: 'digest must be off, daily or weekly' }),
  })
  .meta({ id: 'MailPreferencesBody' });
export type MailPreferencesBody = z.infer<typeof MailPreferencesBody>;

/** GET /api/account/mail: the account's address, whether it is confirmed, and its preferences. */
export const MailSettingsDto = z
  .object({
    email: z.string().nullable(),
    verified: z.boolean(),
    /** Set when the server refused the address for good: nothing is sent to it until it is set again. */
    refused: z.boolean(),
    preferences: MailPreferencesBody,
  })
  .meta({ id: 'MailSettings' });
export type MailSettingsDto = z.infer<typeof MailSettingsDto>;
