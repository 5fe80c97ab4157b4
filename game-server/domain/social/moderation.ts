import type { DeskChatMessageDto } from '../../../schema/api/chat.ts';
import type { MuteBody, MuteDto } from '../../../schema/api/desk.ts';
import { quoted } from '../../../schema/format.ts';
import { muteEnd, muteRefusal } from '../../../schema/rules/moderation.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';

// The Wanakt's moderation of chat and broadcasts. Each action writes its audit entry in its
// command's one transaction, so the log holds every removal and mute with its reason, and nothing
// the log does not. Only the Wanakt reaches them: each is a 'wanakt' command, refused at the
// pipeline's gate for anyone else (schema/commands/social.ts, policy.ts gate).

/** Refuses a post by a player who is muted now; called inside the post's own transaction. */
export async function refuseIfMuted(tx: Queryable, userId: string, now: Date): Promise<void> {
  const [mute] = await tx<{ muted_until: Date; reason: string }[]>`select muted_until, reason from mutes where user_id = ${userId}`;
  const refusal = muteRefusal(mute ? { mutedUntil: mute.muted_until, reason: mute.reason } : null, now);
  if (refusal) throw forbidden(refusal);
}

/** Marks a message removed, with its audit line, in the command's transaction; answers the chat it was posted to. */
export async function removeChatMessage(
  { tx, now }: Work,
  actorId: string,
  messageId: number,
  reason: string,
): Promise<{ territoryId: number } | { allianceId: number }> {
  const [row] = await tx<
    {
      territory_id: number | null;
      alliance_id: number | null;
      user_id: string;
      username: string;
      message: string;
      removed_at: Date | null;
    }[]
  >`
    select m.territory_id, m.alliance_id, m.user_id, u.username, m.message, m.removed_at
      from chat_messages m join users u on u.id = m.user_id where m.id = ${messageId} for no key update of m`;
  if (!row) throw notFound('Message not found');
  if (row.removed_at) throw conflict('This message has already been removed');
  await tx`update chat_messages set removed_at = ${now} where id = ${messageId}`;
  const place = row.alliance_id === null ? { territoryId: row.territory_id! } : { allianceId: row.alliance_id };
  await recordAudit(tx, {
    actorId,
    action: 'chat_remove',
    subject: `${row.username}: ${quoted(row.message)}`,
    details: { messageId, ...place, userId: row.user_id },
    reason,
    at: now,
  });
  return place;
}

/** Marks a broadcast removed, with its audit line, in the command's transaction. */
export async function removeBroadcast({ tx, now }: Work, actorId: string, broadcastId: number, reason: string): Promise<void> {
  const [row] = await tx<{ sender_id: string; username: string; message: string; removed_at: Date | null }[]>`
    select b.sender_id, u.username, b.message, b.removed_at
      from broadcasts b join users u on u.id = b.sender_id where b.id = ${broadcastId} for no key update of b`;
  if (!row) throw notFound('Broadcast not found');
  if (row.removed_at) throw conflict('This broadcast has already been removed');
  await tx`update broadcasts set removed_at = ${now} where id = ${broadcastId}`;
  await recordAudit(tx, {
    actorId,
    action: 'broadcast_remove',
    subject: `${row.username}: ${quoted(row.message)}`,
    details: { broadcastId, userId: row.sender_id },
    reason,
    at: now,
  });
}

/** Mutes a player until the chosen length has passed, with its audit line, in the command's transaction. */
export async function mutePlayer({ tx, now }: Work, actorId: string, { userId, minutes, reason }: MuteBody): Promise<MuteDto> {
  const until = muteEnd(now, minutes);
  const [player] = await tx<{ username: string; is_wanakt: boolean }[]>`select username, is_wanakt from users where id = ${userId}`;
  if (!player) throw notFound('User not found');
  if (player.is_wanakt) throw conflict('The Wanakt cannot be muted');
  await tx`
    insert into mutes (user_id, muted_until, reason, muted_by, created_at) values (${userId}, ${until}, ${reason}, ${actorId}, ${now})
    on conflict (user_id) do update set muted_until = excluded.muted_until, reason = excluded.reason, muted_by = excluded.muted_by, created_at = excluded.created_at`;
  await recordAudit(tx, {
    actorId,
    action: 'mute',
    subject: player.username,
    details: { userId, minutes, until: until.toISOString() },
    reason,
    at: now,
  });
  return { user_id: userId, username: player.username, muted_until: until.toISOString(), reason };
}

/** Lifts a running mute, with its audit line, in the command's transaction. */
export async function unmutePlayer({ tx, now }: Work, actorId: string, userId: string, reason: string): Promise<{ message: string }> {
  const [lifted] = await tx<{ username: string }[]>`
    delete from mutes m using users u where m.user_id = ${userId} and u.id = m.user_id and m.muted_until > ${now} returning u.username`;
  if (!lifted) throw notFound('This player is not muted');
  await recordAudit(tx, { actorId, action: 'unmute', subject: lifted.username, details: { userId }, reason, at: now });
  return { message: `${lifted.username} may chat again` };
}

/** The mutes still running, the soonest to end first. */
export async function listMutes(sql: Queryable, now: Date): Promise<MuteDto[]> {
  const rows = await sql<{ user_id: string; username: string; muted_until: Date; reason: string }[]>`
    select m.user_id, u.username, m.muted_until, m.reason from mutes m join users u on u.id = m.user_id
     where m.muted_until > ${now} order by m.muted_until limit 500`;
  return rows.map((row) => ({ ...row, muted_until: row.muted_until.toISOString() }));
}

/** The newest chat of the whole world, territories' and alliances', for the desk to read and moderate. */
export async function recentChat(sql: Queryable): Promise<DeskChatMessageDto[]> {
  const rows = await sql<
    (Omit<DeskChatMessageDto, 'id' | 'created_at' | 'alliance'> & {
      id: string;
      created_at: Date;
      alliance_id: number | null;
      alliance_name: string | null;
      alliance_tag: string | null;
    })[]
  >`
    select m.id::text, m.territory_id, t.name as territory_name, m.alliance_id, a.name as alliance_name, a.tag as alliance_tag,
           m.user_id, u.username, m.message, m.created_at
      from chat_messages m join users u on u.id = m.user_id
      left join territories t on t.id = m.territory_id
      left join alliances a on a.id = m.alliance_id
     where m.removed_at is null
     order by m.id desc limit 100`;
  return rows.map(({ alliance_id, alliance_name, alliance_tag, ...row }) => ({
    ...row,
    id: Number(row.id),
    created_at: row.created_at.toISOString(),
    alliance: alliance_id === null ? null : { id: alliance_id, name: alliance_name!, tag: alliance_tag! },
  }));
}
