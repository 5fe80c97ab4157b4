import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_STOP_KIND_NAMES, MAIL_STOP_KINDS, type MailStopKind, type UnsubscribedDto } from '../../../schema/api/mail.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';

// docs/rules.md §11 "Mail": every message a person can stop carries a link that stops its kind with
// one POST and no session (RFC 8058). The link names the player (or the ad) and the kind, signed with
// the game's mail key, so nobody can stop someone else's mail by guessing a link.

const INVALID = 'This unsubscribe link is not valid';

/** Who a link speaks for: a player's mail, or an advertiser's (who has no account) through its ad. */
export type MailSubject = { userId: string } | { adId: number };

/** The game's key for signing links, made by migration 0036 and shared by every process. */
export async function readMailKey(sql: Queryable): Promise<Buffer> {
  const [row] = await sql<{ secret: Buffer }[]>`select secret from mail_keys`;
  return row.secret;
}

const subjectPart = (subject: MailSubject) => ('userId' in subject ? `u.${subject.userId}` : `a.${subject.adId}`);
const signature = (key: Buffer, signed: string) => createHmac('sha256', key).update(signed).digest().subarray(0, 16);

/** The token of an unsubscribe link (schema/api/mail.ts UnsubscribeToken). */
export function unsubscribeToken(key: Buffer, subject: MailSubject, kind: MailStopKind): string {
  const signed = `${subjectPart(subject)}.${kind}`;
  return `${signed}.${signature(key, signed).toString('base64url')}`;
}

function readToken(key: Buffer, token: string): { subject: MailSubject; kind: MailStopKind } {
  const [who, id, kind, given] = token.split('.');
  const signed = `${who}.${id}.${kind}`;
  const expected = signature(key, signed);
  const actual = Buffer.from(given ?? '', 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw notFound(INVALID);
  if (!(MAIL_STOP_KINDS as readonly string[]).includes(kind)) throw notFound(INVALID);
  if (who === 'a') return { subject: { adId: Number(id) }, kind: kind as MailStopKind };
  return { subject: { userId: id }, kind: kind as MailStopKind };
}

// The player's preference each kind switches off.
const USER_SWITCHES: Record<Exclude<MailStopKind, 'ad_report'>, string> = {
  digest: `digest = 'off'`,
  sale: 'mail_sale = false',
  listing_bought: 'mail_listing_bought = false',
  rent_received: 'mail_rent_above = null',
  mention: 'mail_mention = false',
  alliance: 'mail_alliance = false',
};

/**
 * Stops one kind of mail for the link's player or ad, and drops what of that kind is still queued
 * for it. Following the link again answers the same.
 */
export async function unsubscribe({ tx, now }: Work, token: string): Promise<UnsubscribedDto> {
  const { subject, kind } = readToken(await readMailKey(tx), token);
  if ('userId' in subject) {
    if (kind === 'ad_report') throw notFound(INVALID);
    const changed = await tx`update users set ${tx.unsafe(USER_SWITCHES[kind])} where id = ${subject.userId}`;
    if (changed.count === 0) throw notFound(INVALID);
    await tx`
      update mail_messages set status = 'suppressed', last_error = ${`unsubscribed at ${now.toISOString()}`}
       where user_id = ${subject.userId} and stop_kind = ${kind} and status = 'queued'`;
  } else {
    if (kind !== 'ad_report') throw notFound(INVALID);
    const changed = await tx`update ads set report_mail_off = true where id = ${subject.adId}`;
    if (changed.count === 0) throw notFound(INVALID);
    await tx`
      update mail_messages set status = 'suppressed', last_error = ${`unsubscribed at ${now.toISOString()}`}
       where ad_id = ${subject.adId} and stop_kind = ${kind} and status = 'queued'`;
  }
  return { kind, stopped: true, message: `You will no longer receive ${MAIL_STOP_KIND_NAMES[kind]}.` };
}
