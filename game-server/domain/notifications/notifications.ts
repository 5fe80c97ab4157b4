import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationDto,
  type NotificationPreferencesDto,
  type NotificationsDto,
} from '../../../schema/api/notifications.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_NAMES, type NotificationKind } from '../../../schema/rules/notifications.ts';
import type { NoticeDraft } from '../../../schema/rules/notifications.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import type { DomainEvent } from '../../infra/events/domain-events.ts';
import { queueNoticeMail } from '../mail/notice-mail.ts';
import { queueNoticePush } from '../push/notice-push.ts';
import type { Work } from '../service-deps.ts';

interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  text: string;
  link: string | null;
  read_at: Date | null;
  created_at: Date;
}

const toDto = (row: NotificationRow): NotificationDto => ({
  id: Number(row.id),
  kind: row.kind,
  text: row.text,
  link: row.link,
  read: row.read_at !== null,
  created_at: row.created_at.toISOString(),
});

/** A stored notice and its addressee: what a room is told to send to that player's clients. */
export interface StoredNotice {
  id: number;
  userId: string;
}

// A notice binds six parameters of a multi-row insert and a statement takes at most 65,535, and a
// room reads an event whole: notices are stored, and announced, this many at a time (a month's
// earnings tell a hundred thousand players at once).
const NOTICES_PER_BATCH = 5000;

/**
 * Stores notices inside the caller's transaction, so they commit or vanish with what caused them,
 * with the mail of those its player asked to be mailed at once and the pushes of those it asked to
 * have pushed (docs/rules.md §11), and answers those stored, which the
 * command or job announces with `noticesCreated`. A reminder whose once-key its player already has
 * is skipped, and so is a notice of a kind its player switched off.
 */
export async function notify(tx: Tx, drafts: readonly NoticeDraft[], now: Date): Promise<StoredNotice[]> {
  const stored: StoredNotice[] = [];
  for (let start = 0; start < drafts.length; start += NOTICES_PER_BATCH)
    stored.push(...(await notifyBatch(tx, drafts.slice(start, start + NOTICES_PER_BATCH), now)));
  return stored;
}

async function notifyBatch(tx: Tx, drafts: readonly NoticeDraft[], now: Date): Promise<StoredNotice[]> {
  if (drafts.length === 0) return [];
  // A player's instant mail follows its own preferences, whether or not the notice is muted.
  await queueNoticeMail(tx, drafts, now);
  const muted = await tx<{ user_id: string; kind: string }[]>`
    select user_id, kind from notification_mutes where user_id in ${tx([...new Set(drafts.map((draft) => draft.userId))])}`;
  const off = new Set(muted.map((row) => `${row.user_id} ${row.kind}`));
  const wanted = drafts.filter((draft) => !off.has(`${draft.userId} ${draft.kind}`));
  if (wanted.length === 0) return [];
  const rows = wanted.map((draft) => ({
    user_id: draft.userId,
    kind: draft.kind,
    text: draft.text,
    link: draft.link,
    once_key: draft.onceKey ?? null,
    created_at: now,
  }));
  const stored = await tx<{ id: string; user_id: string; kind: NotificationKind }[]>`
    insert into notifications ${tx(rows)}
    on conflict (user_id, once_key) where once_key is not null do nothing
    returning id::text, user_id, kind`;
  // Pushed from the stored notice, so a reminder already stored (its once-key) is not pushed again.
  await queueNoticePush(
    tx,
    stored.map((row) => ({ id: Number(row.id), userId: row.user_id, kind: row.kind })),
    now,
  );
  return stored.map((row) => ({ id: Number(row.id), userId: row.user_id }));
}

/**
 * The event that has the rooms deliver stored notices, none when nothing was stored: the command
 * or job that stored them emits it with its other events, before them, as the last write of its
 * transaction (docs/design.md "Layers", docs/write-path.md "One lock order").
 */
export function noticesCreated(notices: readonly StoredNotice[]): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (let start = 0; start < notices.length; start += NOTICES_PER_BATCH)
    events.push({ type: 'notifications.created', notices: notices.slice(start, start + NOTICES_PER_BATCH) });
  return events;
}

/** A player's newest notices and how many of all its notices are unread. */
export async function listNotifications(sql: Queryable, userId: string): Promise<NotificationsDto> {
  const [rows, [count]] = await Promise.all([
    sql<NotificationRow[]>`
      select id::text, user_id, kind, text, link, read_at, created_at
        from notifications where user_id = ${userId}
       order by id desc limit ${NOTIFICATIONS_PAGE_SIZE}`,
    sql<{ unread: number }[]>`select count(*)::int as unread from notifications where user_id = ${userId} and read_at is null`,
  ]);
  return { notifications: rows.map(toDto), unread: count.unread };
}

/** The stored notices with these ids, each with its addressee: what a room sends to that player's clients. */
export async function readNotices(sql: Queryable, ids: readonly number[]): Promise<(NotificationDto & { userId: string })[]> {
  if (ids.length === 0) return [];
  const rows = await sql<NotificationRow[]>`
    select id::text, user_id, kind, text, link, read_at, created_at from notifications where id in ${sql(ids)} order by id`;
  return rows.map((row) => ({ ...toDto(row), userId: row.user_id }));
}

/**
 * Marks a player's notices read, in the command's transaction: those named, or all of them. Ids of
 * other players' notices match nothing, so nobody can touch someone else's. Answers the unread count left.
 */
export async function markNotificationsRead(
  { tx, now }: Work,
  userId: string,
  ids: readonly number[] | undefined,
): Promise<{ unread: number }> {
  if (ids) {
    await tx`update notifications set read_at = ${now} where user_id = ${userId} and read_at is null and id in ${tx(ids)}`;
  } else {
    await tx`update notifications set read_at = ${now} where user_id = ${userId} and read_at is null`;
  }
  const [count] = await tx<
    { unread: number }[]
  >`select count(*)::int as unread from notifications where user_id = ${userId} and read_at is null`;
  return count;
}

/** Every kind with whether the player hears of it: all are on until switched off. */
export async function notificationPreferences(sql: Queryable, userId: string): Promise<NotificationPreferencesDto> {
  const muted = new Set(
    (await sql<{ kind: string }[]>`select kind from notification_mutes where user_id = ${userId}`).map((row) => row.kind),
  );
  return { preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, name: NOTIFICATION_KIND_NAMES[kind], enabled: !muted.has(kind) })) };
}

/** Switches one kind on or off for the player, in the command's transaction; answers every kind's setting. */
export async function setNotificationPreference(
  { tx }: Work,
  userId: string,
  kind: NotificationKind,
  enabled: boolean,
): Promise<NotificationPreferencesDto> {
  if (enabled) await tx`delete from notification_mutes where user_id = ${userId} and kind = ${kind}`;
  else await tx`insert into notification_mutes (user_id, kind) values (${userId}, ${kind}) on conflict do nothing`;
  return notificationPreferences(tx, userId);
}
