import { CHAT_PAGE_SIZE, CHAT_RATE_LIMIT, ChatPostInput, type ChatMessageDto } from '../../../schema/api/chat.ts';
import { takePage, type KeyedPage, type PageRequest } from '../../../schema/api/pages.ts';
import type { ActingUser } from '../../../schema/commands/policy.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { badInput, notFound, tooManyRequests } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { refuseIfMuted } from './moderation.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import { chatMention, mentionedNames, type NoticeDraft } from '../../../schema/rules/notifications.ts';

interface MessageRow {
  id: string;
  territory_id: number;
  user_id: string;
  username: string;
  message: string;
  created_at: Date;
}

const toDto = (row: MessageRow): ChatMessageDto => ({ ...row, id: Number(row.id), created_at: row.created_at.toISOString() });

/** The territory's name; 404 when there is no such territory. */
async function territoryName(sql: Queryable, territoryId: number): Promise<string> {
  const [territory] = await sql<{ name: string }[]>`select name from territories where id = ${territoryId}`;
  if (!territory) throw notFound('Territory not found');
  return territory.name;
}

/** The latest page of a territory's chat (or the page before message `before`), oldest first. */
export async function listChatMessages(sql: Queryable, territoryId: number, before?: number): Promise<ChatMessageDto[]> {
  return (await chatRows(sql, territoryId, before ?? null, CHAT_PAGE_SIZE)).reverse().map(toDto);
}

/** A territory's chat, newest first, a page at a time; a message's key is its id. */
export async function pageChatMessages(
  sql: Queryable,
  territoryId: number,
  page: PageRequest<[id: number]>,
): Promise<KeyedPage<ChatMessageDto, [id: number]>> {
  const rows = await chatRows(sql, territoryId, page.after?.[0] ?? null, page.limit + 1);
  const { rows: kept, next } = takePage(rows, page.limit, (row): [id: number] => [Number(row.id)]);
  return { rows: kept.map(toDto), next };
}

async function chatRows(sql: Queryable, territoryId: number, before: number | null, limit: number): Promise<MessageRow[]> {
  await territoryName(sql, territoryId);
  return sql<MessageRow[]>`
    select m.id::text, m.territory_id, m.user_id, u.username, m.message, m.created_at
      from chat_messages m join users u on u.id = m.user_id
     where m.territory_id = ${territoryId} and m.removed_at is null and (${before}::bigint is null or m.id < ${before})
     order by m.id desc
     limit ${limit}`;
}

/** The refusal of the per-player chat counter, over REST and the room alike. */
export const CHAT_REFUSAL = 'Too many chat messages.';

/** A notice for each player a message names with @name (whatever the case), but not its author. */
async function mentionNotices(
  tx: Tx,
  territory: { id: number; name: string },
  authorId: string,
  author: string,
  message: string,
): Promise<NoticeDraft[]> {
  const names = mentionedNames(message).map((name) => name.toLowerCase());
  if (names.length === 0) return [];
  const named = await tx<{ id: string }[]>`select id from users where lower(username) in ${tx(names)} and id <> ${authorId}`;
  return named.map((user) => chatMention(user.id, author, territory, message));
}

/**
 * Posts a player's message to a territory's chat: the one rule for chat sent over REST and over the
 * world room. The player's row is locked while its recent messages are counted, so a flood of
 * concurrent posts is counted one at a time and no more than the limit gets through. Answers the
 * message and the notices of the players it mentions, for the command to announce.
 */
export async function postChatMessage(
  { tx, now }: Work,
  user: ActingUser,
  input: { territory_id: number; message: string },
): Promise<{ message: ChatMessageDto; notices: StoredNotice[] }> {
  const parsed = ChatPostInput.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Invalid chat message');
  const { territory_id: territoryId, message } = parsed.data;
  const windowStart = new Date(now.getTime() - CHAT_RATE_LIMIT.seconds * 1000);
  const [author] = await tx<{ username: string }[]>`select username from users where id = ${user.id} for no key update`;
  if (!author) throw notFound('User not found');
  await refuseIfMuted(tx, user.id, now);
  const territory = await territoryName(tx, territoryId);
  const recent = await tx<{ created_at: Date }[]>`
    select created_at from chat_messages where user_id = ${user.id} and created_at > ${windowStart} order by created_at`;
  if (recent.length >= CHAT_RATE_LIMIT.messages) {
    const freeAt = recent[recent.length - CHAT_RATE_LIMIT.messages].created_at.getTime() + CHAT_RATE_LIMIT.seconds * 1000;
    const wait = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw tooManyRequests(
      `Slow down: at most ${CHAT_RATE_LIMIT.messages} messages every ${CHAT_RATE_LIMIT.seconds} seconds. Try again in ${wait} seconds.`,
    );
  }
  const [row] = await tx<Omit<MessageRow, 'username'>[]>`
    insert into chat_messages (territory_id, user_id, message, created_at)
    values (${territoryId}, ${user.id}, ${message}, ${now})
    returning id::text, territory_id, user_id, message, created_at`;
  const notices = await notify(tx, await mentionNotices(tx, { id: territoryId, name: territory }, user.id, author.username, message), now);
  return { message: toDto({ ...row, username: author.username }), notices };
}
