import type { MailPreferencesBody, MailSettingsDto } from '../../../schema/api/mail.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { linkTokenHash, newLinkToken } from '../../infra/link-token.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { queueMail } from './queue.ts';

// docs/rules.md §11 "Mail": a player's optional address, confirmed by a link before anything else is
// sent to it, and what the player wants mailed.

/** How long a confirmation link works. */
export const VERIFY_LINK_HOURS = 48;

const INVALID_LINK = 'This confirmation link is not valid or has expired';

interface SettingsRow {
  email: string | null;
  email_verified_at: Date | null;
  refused: boolean;
  sale: boolean;
  listing_bought: boolean;
  rent_above: string | null;
  mention: boolean;
  digest: MailPreferencesBody['digest'];
}

export async function mailSettings(sql: Queryable, userId: string): Promise<MailSettingsDto> {
  const [row] = await sql<SettingsRow[]>`
    select u.email, u.email_verified_at, s.address is not null as refused, u.mail_sale as sale, u.mail_listing_bought as listing_bought,
           u.mail_rent_above::text as rent_above, u.mail_mention as mention, u.digest
      from users u left join mail_suppressions s on s.address = lower(u.email)
     where u.id = ${userId}`;
  if (!row) throw notFound('Player not found');
  return {
    email: row.email,
    verified: row.email_verified_at !== null,
    refused: row.refused,
    preferences: {
      sale: row.sale,
      listing_bought: row.listing_bought,
      rent_above: row.rent_above === null ? null : Number(row.rent_above),
      mention: row.mention,
      digest: row.digest,
    },
  };
}

/**
 * Sets, changes or removes the player's address. A new address is unconfirmed and is sent only its
 * confirmation link; an address another player has confirmed is refused, and one another player
 * only claimed is taken from them (a claim nobody confirmed proves nothing). Setting an address
 * again lifts an earlier refusal of it. Mail queued for the old address that could be stopped is dropped.
 */
export async function setEmail({ tx, now }: Work, userId: string, email: string | null): Promise<MailSettingsDto> {
  const [current] = await tx<{ email: string | null; verified: boolean; username: string }[]>`
    select email, email_verified_at is not null as verified, username from users where id = ${userId} for no key update`;
  if (!current) throw notFound('Player not found');
  if (email !== null && current.email?.toLowerCase() === email.toLowerCase() && current.verified) return mailSettings(tx, userId);
  await tx`
    update mail_messages set status = 'suppressed', last_error = 'The address was changed'
     where user_id = ${userId} and status = 'queued' and stop_kind is not null`;
  await tx`delete from email_verifications where user_id = ${userId}`;
  if (email === null) {
    await tx`update users set email = null, email_verified_at = null where id = ${userId}`;
    return mailSettings(tx, userId);
  }
  const [holder] = await tx<{ id: string; verified: boolean }[]>`
    select id, email_verified_at is not null as verified from users where lower(email) = ${email.toLowerCase()} and id <> ${userId}
       for no key update`;
  if (holder?.verified) throw conflict('This e-mail address belongs to another account');
  if (holder) await tx`update users set email = null, email_verified_at = null where id = ${holder.id}`;
  try {
    await tx`update users set email = ${email}, email_verified_at = null where id = ${userId}`;
  } catch (error) {
    // Another player took the address in the same moment (users_email_ci).
    if ((error as { code?: string }).code === '23505') throw conflict('This e-mail address belongs to another account');
    throw error;
  }
  await tx`delete from mail_suppressions where address = ${email.toLowerCase()}`;
  const token = newLinkToken();
  await tx`
    insert into email_verifications (token_hash, user_id, email, expires_at)
    values (${linkTokenHash(token)}, ${userId}, ${email}, ${new Date(now.getTime() + VERIFY_LINK_HOURS * 3_600_000)})`;
  await queueMail(tx, [{ kind: 'verify_email', to: email, userId, data: { username: current.username, token } }], now);
  return mailSettings(tx, userId);
}

/** The confirmation link, followed: the address it was sent to is confirmed, if it is still the account's. */
export async function verifyEmail({ tx, now }: Work, token: string): Promise<{ email: string }> {
  const [link] = await tx<{ user_id: string; email: string }[]>`
    delete from email_verifications where token_hash = ${linkTokenHash(token)} and expires_at > ${now} returning user_id, email`;
  if (!link) throw notFound(INVALID_LINK);
  const confirmed = await tx`
    update users set email_verified_at = ${now} where id = ${link.user_id} and lower(email) = ${link.email.toLowerCase()}`;
  if (confirmed.count === 0) throw notFound(INVALID_LINK);
  return { email: link.email };
}

/** Every preference at once, in the command's transaction. */
export async function setMailPreferences({ tx }: Work, userId: string, preferences: MailPreferencesBody): Promise<MailSettingsDto> {
  await tx`
    update users set mail_sale = ${preferences.sale}, mail_listing_bought = ${preferences.listing_bought},
           mail_rent_above = ${preferences.rent_above}, mail_mention = ${preferences.mention}, digest = ${preferences.digest}
     where id = ${userId}`;
  return mailSettings(tx, userId);
}
