import {
  CHAT_PAGE_SIZE,
  CHAT_RATE_LIMIT,
  ChatMessageText,
  ChatPostInput,
  type ChatLineDto,
  type ChatMessageDto,
} from '../../../schema/api/chat.ts';
import { takePage, type KeyedPage, type PageRequest } from '../../../schema/api/pages.ts';
import type { ActingUser } from '../../../schema/commands/policy.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { badInput, notFound, tooManyRequests } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { refuseIfMuted } from './moderation.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import { chatMention, mentionedNames, territoryChat, type ChatPlace } from '../../../schema/rules/notifications.ts';

// Every chat: a territory's, which anyone reads, and an alliance's, which its members read
// (domain/alliances/alliance-chat.ts asks who they are). Both keep their messages in one table and
// follow one rule for what may be said, how often, and whom a mention tells.

/** The column that names a message's chat, and its id there. */
export interface ChatRoom<C extends 'territory_id' | 'alliance_id' = 'territory_id' | 'alliance_id'> {
  column: C;
  id: number;
}
/** A message as its chat shows it: the line, and the chat it was said in. */
export type SaidIn<C extends ChatRoom['column']> = ChatLineDto & Record<C, number>;

interface MessageRow {
  id: string;
  place_id: number;
  user_id: string;
  username: string;
  message: string;
  created_at: Date;
}

const toDto = <C extends ChatRoom['column']>(column: C, row: MessageRow): SaidIn<C> =>
  ({
    id: Number(row.id),
    [column]: row.place_id,
    user_id: row.user_id,
    username: row.username,
    message: row.message,
    created_at: row.created_at.toISOString(),
  }) as SaidIn<C>;

const territoryRoom = (id: number): ChatRoom<'territory_id'> => ({ column: 'territory_id', id });

/** The territory's name; 404 when there is no such territory. */
async function territoryName(sql: Queryable, territoryId: number): Promise<string> {
  const [territory] = await sql<{ name: string }[]>`select name from territories where id = ${territoryId}`;
  if (!territory) throw notFound('Territory not found');
  return territory.name;
}

async function chatRows(sql: Queryable, room: ChatRoom, before: number | null, limit: number): Promise<MessageRow[]> {
  return sql<MessageRow[]>`
    select m.id::text, m.${sql(room.column)} as place_id, m.user_id, u.username, m.message, m.created_at
      from chat_messages m join users u on u.id = m.user_id
     where m.${sql(room.column)} = ${room.id} and m.removed_at is null and (${before}::bigint is null or m.id < ${before})
     order by m.id desc
     limit ${limit}`;
}

/** The latest page of a chat (or the page before message `before`), oldest first. */
export async function chatHistory<C extends ChatRoom['column']>(sql: Queryable, room: ChatRoom<C>, before?: number): Promise<SaidIn<C>[]> {
  return (await chatRows(sql, room, before ?? null, CHAT_PAGE_SIZE)).reverse().map((row) => toDto(room.column, row));
}

/** A chat, newest first, a page at a time; a message's key is its id. */
export async function chatPage<C extends ChatRoom['column']>(
  sql: Queryable,
  room: ChatRoom<C>,
  page: PageRequest<[id: number]>,
): Promise<KeyedPage<SaidIn<C>, [id: number]>> {
  const rows = await chatRows(sql, room, page.after?.[0] ?? null, page.limit + 1);
  const { rows: kept, next } = takePage(rows, page.limit, (row): [id: number] => [Number(row.id)]);
  return { rows: kept.map((row) => toDto(room.column, row)), next };
}

/** The latest page of a territory's chat (or the page before message `before`), oldest first. */
export async function listChatMessages(sql: Queryable, territoryId: number, before?: number): Promise<ChatMessageDto[]> {
  await territoryName(sql, territoryId);
  return chatHistory(sql, territoryRoom(territoryId), before);
}

/** A territory's chat, newest first, a page at a time. */
export async function pageChatMessages(
  sql: Queryable,
  territoryId: number,
  page: PageRequest<[id: number]>,
): Promise<KeyedPage<ChatMessageDto, [id: number]>> {
  await territoryName(sql, territoryId);
  return chatPage(sql, territoryRoom(territoryId), page);
}

/** The refusal of the per-player chat counter, over REST and the room alike. */
export const CHAT_REFUSAL = 'Too many chat messages.';

/**
 * A notice for each player a message names with @name (whatever the case), but not its author; in a
 * chat only some read (`readers`), only those.
 */
async function mentionNotices(
  tx: Tx,
  place: ChatPlace,
  author: { id: string; username: string },
  message: string,
  readers: readonly string[] | null,
) {
  const names = mentionedNames(message).map((name) => name.toLowerCase());
  if (names.length === 0) return [];
  const named = await tx<{ id: string }[]>`select id from users where lower(username) in ${tx(names)} and id <> ${author.id}`;
  return named
    .filter((user) => readers === null || readers.includes(user.id))
    .map((user) => chatMention(user.id, author.username, place, message));
}

/**
 * Says a message in a chat, for any chat: the one rule for what may be said and how often. The
 * author's row is locked while its recent messages (in every chat) are counted, so a flood of
 * concurrent posts is counted one at a time and no more than the limit gets through. A chat of
 * some players only names its `readers`; only they are told of a mention. Answers the message and
 * the notices of the players it mentions, for the command to announce.
 */
export async function sayInChat<C extends ChatRoom['column']>(
  { tx, now }: Work,
  user: ActingUser,
  room: ChatRoom<C>,
  chat: { place: ChatPlace; text: unknown; readers: readonly string[] | null },
): Promise<{ message: SaidIn<C>; notices: StoredNotice[] }> {
  const parsed = ChatMessageText.safeParse(chat.text);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Invalid chat message');
  const message = parsed.data;
  const windowStart = new Date(now.getTime() - CHAT_RATE_LIMIT.seconds * 1000);
  const [author] = await tx<{ username: string }[]>`select username from users where id = ${user.id} for no key update`;
  if (!author) throw notFound('User not found');
  await refuseIfMuted(tx, user.id, now);
  const recent = await tx<{ created_at: Date }[]>`
    select created_at from chat_messages where user_id = ${user.id} and created_at > ${windowStart} order by created_at`;
  if (recent.length >= CHAT_RATE_LIMIT.messages) {
    const freeAt = recent[recent.length - CHAT_RATE_LIMIT.messages].created_at.getTime() + CHAT_RATE_LIMIT.seconds * 1000;
    const wait = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw tooManyRequests(
      `Slow down: at most ${CHAT_RATE_LIMIT.messages} messages every ${CHAT_RATE_LIMIT.seconds} seconds. Try again in ${wait} seconds.`,
    );
  }
  const column: ChatRoom['column'] = room.column;
  const [row] = await tx<MessageRow[]>`
    insert into chat_messages (${tx(column)}, user_id, message, created_at) values (${room.id}, ${user.id}, ${message}, ${now})
    returning id::text, ${tx(column)} as place_id, user_id, ${author.username}::text as username, message, created_at`;
  const drafts = await mentionNotices(tx, chat.place, { id: user.id, username: author.username }, message, chat.readers);
  return { message: toDto(room.column, row), notices: await notify(tx, drafts, now) };
}

/** Posts a player's message to a territory's chat, over REST or the world room alike. */
export async function postChatMessage(
  work: Work,
  user: ActingUser,
  input: { territory_id: number; message: string },
): Promise<{ message: ChatMessageDto; notices: StoredNotice[] }> {
  const parsed = ChatPostInput.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Invalid chat message');
  const { territory_id: territoryId, message } = parsed.data;
  const name = await territoryName(work.tx, territoryId);
  return sayInChat(work, user, territoryRoom(territoryId), {
    place: territoryChat({ id: territoryId, name }),
    text: message,
    readers: null,
  });
}
