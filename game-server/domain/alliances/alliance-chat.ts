import type { AllianceChatMessageDto } from '../../../schema/api/chat.ts';
import type { KeyedPage, PageRequest } from '../../../schema/api/pages.ts';
import type { ActingUser } from '../../../schema/commands/policy.ts';
import { allianceLink } from '../../../schema/routes.ts';
import type { Queryable } from '../../infra/db/database.ts';
import type { StoredNotice } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import { chatHistory, chatPage, sayInChat, type ChatRoom } from '../social/chat.ts';
import { allianceLabel, lockAlliance, memberIds, readableByMember, requireRole } from './alliance-rows.ts';

// docs/rules.md §4 "Alliances", "Chat": the members' own chat, under territory chat's rules
// (social/chat.ts). Who may read it and post is asked of alliance_members each time, so a member who
// leaves or is removed is shut out from the next request on.

const allianceRoom = (id: number): ChatRoom<'alliance_id'> => ({ column: 'alliance_id', id });

/**
 * A member says something in its alliance's chat. The alliance is locked first (docs/write-path.md),
 * as by every command that changes its members: the members read here, whom the message is sent to
 * and whose mentions are told, are the members when it commits.
 */
export async function postToAllianceChat(
  work: Work,
  user: ActingUser,
  allianceId: number,
  text: string,
): Promise<{ message: AllianceChatMessageDto; notices: StoredNotice[]; readers: string[] }> {
  const alliance = await lockAlliance(work.tx, allianceId);
  await requireRole(work.tx, alliance, user.id, 'member', 'chat in');
  const readers = await memberIds(work.tx, allianceId);
  const place = { name: allianceLabel(alliance), link: allianceLink(allianceId) };
  return { ...(await sayInChat(work, user, allianceRoom(allianceId), { place, text, readers })), readers };
}

const refuseOutsiders = (sql: Queryable, allianceId: number, viewerId: string) =>
  readableByMember(sql, allianceId, viewerId, (label) => `Only its members read the chat of ${label}`);

/** The latest page of the alliance's chat (or the page before message `before`), oldest first: its members' alone. */
export async function allianceChat(sql: Queryable, allianceId: number, viewerId: string, before?: number) {
  await refuseOutsiders(sql, allianceId, viewerId);
  return chatHistory(sql, allianceRoom(allianceId), before);
}

/** The alliance's chat, newest first, a page at a time: its members' alone. */
export async function allianceChatPage(
  sql: Queryable,
  allianceId: number,
  viewerId: string,
  page: PageRequest<[id: number]>,
): Promise<KeyedPage<AllianceChatMessageDto, [id: number]>> {
  await refuseOutsiders(sql, allianceId, viewerId);
  return chatPage(sql, allianceRoom(allianceId), page);
}
