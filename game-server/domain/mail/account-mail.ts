import type { MailPreferencesBody, MailSettingsDto } from '../../../schema/api/mail.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { emailClaimLost, type NoticeDraft } from '../../../schema/rules/notifications.ts';
import { linkTokenHash, newLinkToken } from '../../infra/link-token.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { placeTradeHold } from '../holds/trade-holds.ts';
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
  alliance: boolean;
  digest: MailPreferencesBody['digest'];
}

export async function mailSettings(sql: Queryable, userId: string): Promise<MailSettingsDto> {
  const [row] = await sql<SettingsRow[]>`
    select u.email, u.email_verified_at, s.address is not null as refused, u.mail_sale as sale, u.mail_listing_bought as listing_bought,
           u.mail_rent_above::text as rent_above, u.mail_mention as mention, u.mail_alliance as alliance, u.digest
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
      alliance: row.alliance,
      digest: row.digest,
    },
  };
}

/**
 * Sets, changes or removes the player's address. A new address is unconfirmed and is sent only its
 * confirmation link. Every account has its own pending claim: another's claim on the same address
 * is left alone, and the first to confirm wins (verifyEmail). An address another account has
 * confirmed is answered exactly as any other (so nobody can test whether an address plays here),
 * but no link goes to it: the address is told instead that someone tried to use it, at most once
 * a day whoever tries (and within the address's hourly mail limit). Setting an address again lifts an earlier refusal of it. Mail queued
 * for the old address that could be stopped is dropped.
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
  await tx`update users set email = ${email}, email_verified_at = null where id = ${userId}`;
  // Replacing or removing an address is how a thief keeps the owner from taking the account back
  // (docs/rules.md §4 "Trade holds"); a first address is not.
  if (current.email !== null) await placeTradeHold(tx, userId, 'email', now);
  if (email === null) return mailSettings(tx, userId);
  const address = email.toLowerCase();
  const [holder] = await tx<{ email: string }[]>`
    select email from users where lower(email) = ${address} and email_verified_at is not null and id <> ${userId}`;
  if (holder) {
    const day = now.toISOString().slice(0, 10);
    await queueMail(tx, [{ kind: 'address_in_use', to: holder.email, data: {}, onceKey: `address-in-use:${address}:${day}` }], now);
    // The holder's refusals are the holder's: the answer shows none, as for a fresh address.
    return { ...(await mailSettings(tx, userId)), refused: false };
  }
  await tx`delete from mail_suppressions where address = ${address}`;
  const token = newLinkToken();
  await tx`
    insert into email_verifications (token_hash, user_id, email, expires_at)
    values (${linkTokenHash(token)}, ${userId}, ${email}, ${new Date(now.getTime() + VERIFY_LINK_HOURS * 3_600_000)})`;
  await queueMail(tx, [{ kind: 'verify_email', to: email, userId, data: { username: current.username, token } }], now);
  return mailSettings(tx, userId);
}

/**
 * The confirmation link, followed: the address it was sent to is confirmed, if it is still the
 * account's and no other account confirmed it first. The other accounts that had set it lose their
 * claim (their address and links) and are told with a notice, which the command stores and announces.
 * Following it again while it lasts answers the same (a second click, another device), rather
 * than calling a link that worked "not valid"; changing the address drops it.
 */
export async function verifyEmail({ tx, now }: Work, token: string): Promise<{ email: string; notices: NoticeDraft[] }> {
  const [link] = await tx<{ user_id: string; email: string }[]>`
    select user_id, email from email_verifications where token_hash = ${linkTokenHash(token)} and expires_at > ${now}`;
  if (!link) throw notFound(INVALID_LINK);
  // Every claim on the address, locked in one order: two links followed at once are confirmed one after the other.
  const claims = await tx<{ id: string; verified: boolean }[]>`
    select id, email_verified_at is not null as verified from users where lower(email) = ${link.email.toLowerCase()}
     order by id for no key update`;
  if (!claims.some((claim) => claim.id === link.user_id)) throw notFound(INVALID_LINK);
  if (claims.some((claim) => claim.verified && claim.id !== link.user_id)) throw conflict('Another account confirmed this address first');
  await tx`update users set email_verified_at = coalesce(email_verified_at, ${now}) where id = ${link.user_id}`;
  const losers = claims.filter((claim) => claim.id !== link.user_id).map((claim) => claim.id);
  if (losers.length === 0) return { email: link.email, notices: [] };
  await tx`update users set email = null, email_verified_at = null where id in ${tx(losers)}`;
  await tx`delete from email_verifications where user_id in ${tx(losers)}`;
  return { email: link.email, notices: losers.map((userId) => emailClaimLost(userId, link.email)) };
}

/** Every preference at once, in the command's transaction. */
export async function setMailPreferences({ tx }: Work, userId: string, preferences: MailPreferencesBody): Promise<MailSettingsDto> {
  await tx`
    update users set mail_sale = ${preferences.sale}, mail_listing_bought = ${preferences.listing_bought},
           mail_rent_above = ${preferences.rent_above}, mail_mention = ${preferences.mention},
           mail_alliance = ${preferences.alliance}, digest = ${preferences.digest}
     where id = ${userId}`;
  return mailSettings(tx, userId);
}
