import { z } from 'zod';
import { AllianceRef } from './alliances.ts';
import { IdField, UserIdField } from './ids.ts';
import { CHAT_MESSAGE_MAX } from './chat-limits.ts';
import { PageDto, pageFields } from './pages.ts';

export { CHAT_MESSAGE_MAX };

// What every chat message carries, wherever it was said: a territory's chat or an alliance's.
const ChatLine = z.object({
  id: z.number().int(),
  user_id: z.string(),
  username: z.string(),
  message: z.string(),
  created_at: z.string(),
});
/** A message as a chat shows it, whichever chat it belongs to. */
export type ChatLineDto = z.infer<typeof ChatLine>;

export const ChatMessageDto = ChatLine.extend({ territory_id: z.number().int() }).meta({ id: 'ChatMessage' });
export type ChatMessageDto = z.infer<typeof ChatMessageDto>;

/** A message of an alliance's chat, which only its members read (docs/rules.md §4 "Alliances"). */
export const AllianceChatMessageDto = ChatLine.extend({ alliance_id: z.number().int() }).meta({ id: 'AllianceChatMessage' });
export type AllianceChatMessageDto = z.infer<typeof AllianceChatMessageDto>;

/** A message as the Wanakt's desk lists it: said in a territory's chat or in an alliance's. */
export const DeskChatMessageDto = ChatLine.extend({
  territory_id: z.number().int().nullable(),
  territory_name: z.string().nullable(),
  alliance: AllianceRef.nullable(),
}).meta({ id: 'DeskChatMessage' });
export type DeskChatMessageDto = z.infer<typeof DeskChatMessageDto>;

/** How many messages one read of a territory's chat answers. */
export const CHAT_PAGE_SIZE = 50;
/** At most this many messages per player in any window of this many seconds. */
export const CHAT_RATE_LIMIT = { messages: 5, seconds: 10 } as const;

// Newlines and tabs are a player's own formatting; other control characters only break displays.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const TOO_LONG = `Message must be ${CHAT_MESSAGE_MAX} characters or less`;

export const ChatMessageText = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Message cannot be empty' : 'Message must be text') })
  .max(10_000, { error: TOO_LONG })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'Message cannot be empty' })
      .max(CHAT_MESSAGE_MAX, { error: TOO_LONG })
      .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'Message may not contain control characters' }),
  );

/** What a player sends to a territory's chat, over REST or over the world room. */
export const ChatPostInput = z.object({
  territory_id: IdField('Territory id'),
  message: ChatMessageText,
});
export type ChatPostInput = z.infer<typeof ChatPostInput>;

/** What a member says in its alliance's chat; the alliance is the call's path. */
export const AllianceChatPostBody = z.strictObject({ message: ChatMessageText });

/** POST /api/chat: docs/rules.md §7's payload, whose `user_id` must be the session's user. */
export const ChatPostBody = ChatPostInput.extend({ user_id: UserIdField.optional() });
export type ChatPostBody = z.infer<typeof ChatPostBody>;

const MessageId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * GET /api/chat/{territoryId}?before=<id>: the page of messages older than `before` (a bigint id),
 * oldest first. With limit or cursor instead: the paginated shape, newest first.
 */
export const ChatPageQuery = z
  .object({
    before: z
      .string({ error: 'before must be a message id' })
      .regex(/^[1-9][0-9]{0,14}$/, { error: 'before must be a message id' })
      .transform(Number)
      .optional()
      .meta({ description: 'Messages older than this message id (the plain list). Cannot be combined with limit or cursor (400).' }),
    ...pageFields(z.tuple([MessageId]), [42]),
  })
  .refine((query) => query.before === undefined || (query.limit === undefined && query.cursor === undefined), {
    error: 'before cannot be combined with limit or cursor',
  });
export const ChatMessagesPage = PageDto(ChatMessageDto, 'ChatMessagesPage');
export const AllianceChatMessagesPage = PageDto(AllianceChatMessageDto, 'AllianceChatMessagesPage');
