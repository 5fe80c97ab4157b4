import { z } from 'zod';
import { ChatMessageText, type ChatMessageDto } from '../api/chat.ts';
import { IdField } from '../api/ids.ts';

// Everything a client may say to the `world` room, as one union validated at the room's edge.
// Anything else (another type, an extra field, a wrong shape) is refused.

/** A frame larger than this is refused by the transport before it is decoded. */
export const MAX_CLIENT_MESSAGE_BYTES = 2048;
/** Above this many messages in a second a client is disconnected. */
export const MAX_CLIENT_MESSAGES_PER_SECOND = 30;
/** At most this many pin moves per second are applied for one client; the client sends no more. */
export const PIN_DRAGS_PER_SECOND = 20;
/** How long a dropped client keeps its place in the world. */
export const RECONNECT_WINDOW_SECONDS = 30;

const territoryId = IdField('Territory id');
const mapCoordinate = (axis: string) => z.number({ error: `${axis} must be a number` }).finite({ error: `${axis} must be a number` });

export const WatchChat = z.strictObject({ type: z.literal('chat.watch'), territoryId: territoryId.nullable() });
export const SendChat = z.strictObject({ type: z.literal('chat.send'), territoryId, message: ChatMessageText });
/** A pin in motion, in map coordinates (the 1000x600 canvas); the room clamps it (SPEC §5 "Map"). */
export const DragPin = z.strictObject({ type: z.literal('pin.drag'), territoryId, x: mapCoordinate('x'), y: mapCoordinate('y') });
/** Where the pin was let go; this one is stored. */
export const DropPin = z.strictObject({ type: z.literal('pin.drop'), territoryId, x: mapCoordinate('x'), y: mapCoordinate('y') });
export type WatchChat = z.infer<typeof WatchChat>;
export type SendChat = z.infer<typeof SendChat>;
export type DragPin = z.infer<typeof DragPin>;
export type DropPin = z.infer<typeof DropPin>;

export const ClientMessage = z.discriminatedUnion('type', [WatchChat, SendChat, DragPin, DropPin]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ClientMessageType = ClientMessage['type'];

/** What the room sends to one client, beside the state. */
export interface ServerMessages {
  /** A message posted to the territory this client watches. */
  chat: ChatMessageDto;
  /** Why a message of this client was not acted on. */
  refused: { type: string; message: string };
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ClientMessage.options.map((option) => option.shape.type.value));

/**
 * Reads one message as the room receives it: a type, and a payload object (which may repeat the
 * type). Returns the message, or why it is refused.
 */
export function readClientMessage(type: unknown, payload: unknown): { ok: true; message: ClientMessage } | { ok: false; reason: string } {
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return { ok: false, reason: 'Unknown message type' };
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return { ok: false, reason: 'A message must be an object' };
  const parsed = ClientMessage.safeParse({ ...payload, type });
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'Invalid message' };
  return { ok: true, message: parsed.data };
}
