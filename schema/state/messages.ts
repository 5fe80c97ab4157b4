import { z } from 'zod';
import { ChatMessageText, type AllianceChatMessageDto, type ChatMessageDto } from '../api/chat.ts';
import { IdField } from '../api/ids.ts';
import { IDEMPOTENCY_KEY_INVALID, isIdempotencyKey } from '../api/idempotency.ts';
import type { NotificationDto } from '../api/notifications.ts';
import type { Region } from '../rules/region.ts';
import { MAX_ZOOM } from '../constants.ts';

// Everything a client may say to the `world` room, as one union validated at the room's edge.
// Anything else (another type, an extra field, a wrong shape) is refused.

/** A frame larger than this is refused by the transport before it is decoded. */
export const MAX_CLIENT_MESSAGE_BYTES = 2048;
/** Above this many messages in a second a client is disconnected. */
export const MAX_CLIENT_MESSAGES_PER_SECOND = 30;
/**
 * A client's view changes (view.box) applied a second at most: the latest box wins, those between
 * are dropped, so a map that moves faster costs the server no more (docs/design.md "Live state").
 */
export const VIEW_CHANGES_PER_SECOND = 2;
/**
 * The markers (territories new to its view) one client may pull in a second: a box of
 * MAX_VIEW_MARKERS (1,500) waits 0.75 s before the next, so a client flipping between two full
 * cities is held to about 2,000 markers a second however fast it asks.
 */
export const VIEW_MARKERS_PER_SECOND = 2000;
/**
 * A map sends a view.box and a view.at when its camera rests, a few a second at most while panning;
 * more than this many view messages in this many seconds is a script, and its socket is closed
 * with VIEW_FLOOD_CLOSE_CODE (schema/rules/rejoin.ts).
 */
export const VIEW_FLOOD = { messages: 40, seconds: 10 } as const;
/** At most this many pin moves per second are applied for one client; the client sends no more. */
export const PIN_DRAGS_PER_SECOND = 20;
/** How long a dropped client keeps its place in the world. */
export const RECONNECT_WINDOW_SECONDS = 30;
/** Why a process that is stopping refuses a join; the client asks again and reaches another one. */
export const SERVER_RESTARTING_MESSAGE = 'This server is restarting; joining another one';

const territoryId = IdField('Territory id');
const mapCoordinate = (axis: string) => z.number({ error: `${axis} must be a number` }).finite({ error: `${axis} must be a number` });

/**
 * A message that runs a command may carry the command's Idempotency-Key, as its REST call's header
 * does (docs/write-path.md "Idempotent commands"): sent again with it, it changes nothing more.
 */
const key = z.string().refine(isIdempotencyKey, { error: IDEMPOTENCY_KEY_INVALID }).optional();

export const WatchChat = z.strictObject({ type: z.literal('chat.watch'), territoryId: territoryId.nullable() });
export const SendChat = z.strictObject({ type: z.literal('chat.send'), territoryId, message: ChatMessageText, key });
/** A pin in motion, in map coordinates (the 1000x600 canvas); the room clamps it (docs/rules.md §5 "Map"). */
export const DragPin = z.strictObject({ type: z.literal('pin.drag'), territoryId, x: mapCoordinate('x'), y: mapCoordinate('y') });
/** Where the pin was let go; this one is stored. */
export const DropPin = z.strictObject({
  type: z.literal('pin.drop'),
  territoryId,
  x: mapCoordinate('x'),
  y: mapCoordinate('y'),
  key,
});
export type WatchChat = z.infer<typeof WatchChat>;
export type SendChat = z.infer<typeof SendChat>;
export type DragPin = z.infer<typeof DragPin>;
export type DropPin = z.infer<typeof DropPin>;
/** Whether this client wants the world's activity feed; nobody gets it without asking. */
export const WatchActivity = z.strictObject({ type: z.literal('activity.watch'), on: z.boolean({ error: 'on must be true or false' }) });
export type WatchActivity = z.infer<typeof WatchActivity>;

const degrees = (axis: string, limit: number) =>
  z
    .number({ error: `${axis} must be a number` })
    .min(-limit, { error: `${axis} must be within ±${limit}` })
    .max(limit, { error: `${axis} must be within ±${limit}` });
/**
 * Where this client's map looks (its centre), or null at the whole world: the banner's targeting
 * goes by it (docs/rules.md §9 "Advertising"). Sent when the view settles.
 */
export const ViewAt = z.strictObject({
  type: z.literal('view.at'),
  at: z.strictObject({ latitude: degrees('latitude', 90), longitude: degrees('longitude', 180) }).nullable(),
});
export type ViewAt = z.infer<typeof ViewAt>;

const BOX_INVALID = 'box must hold minLongitude <= maxLongitude and minLatitude <= maxLatitude';
/**
 * What this client's map shows, in degrees, and the camera's zoom: the room keeps in this client's
 * view only the territories inside it (schema/rules/viewport.ts). Sent when the camera rests.
 */
export const ViewBox = z.strictObject({
  type: z.literal('view.box'),
  box: z
    .strictObject({
      minLongitude: degrees('minLongitude', 180),
      minLatitude: degrees('minLatitude', 90),
      maxLongitude: degrees('maxLongitude', 180),
      maxLatitude: degrees('maxLatitude', 90),
    })
    .refine((box) => box.minLongitude <= box.maxLongitude && box.minLatitude <= box.maxLatitude, { error: BOX_INVALID }),
  zoom: z
    .number({ error: 'zoom must be a number' })
    .min(1, { error: `zoom must be from 1 to ${MAX_ZOOM}` })
    .max(MAX_ZOOM, { error: `zoom must be from 1 to ${MAX_ZOOM}` }),
});
export type ViewBox = z.infer<typeof ViewBox>;

export const ClientMessage = z.discriminatedUnion('type', [WatchChat, SendChat, DragPin, DropPin, WatchActivity, ViewAt, ViewBox]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/**
 * What only its player may read: sent to that player's clients alone, when it changes. A message
 * costs nothing to the other clients, where a per-client view is encoded again on every patch.
 */
export interface PrivateFigures {
  balance: number;
  /** Unpaid rent payments this player owes. */
  paymentsDue: number;
}

/** The banner as one client is shown it (a paid ad, or a house ad where the paid one is not aimed). */
export interface LiveBannerAd {
  /** Negative for the game's own house ads. */
  id: number;
  title: string;
  content: string;
  clickUrl: string | null;
  territoryId: number | null;
  /** The one region an ad aimed at a territory shows in; null for everywhere. */
  region: Region | null;
}

/** One line of the world's activity feed. */
export interface ActivityItem {
  kind: 'acquired' | 'listed' | 'settled' | 'broadcast';
  /** When the room saw it, ISO 8601. */
  at: string;
  /** The new owner, the seller, the settler or the sender. */
  actorName: string;
  territoryId: number | null;
  territoryName: string | null;
  /** The asking price of a listing. */
  price: number | null;
  /** The text of a broadcast. */
  message: string | null;
}

/** What the room sends to one client, beside the state. */
export interface ServerMessages {
  /** This player's own figures, at join and whenever they change. */
  figures: PrivateFigures;
  /** Recent activity when the feed is switched on, then each new item as it happens. */
  activity: ActivityItem[];
  /** A territory's text that the state does not carry changed: reads that show it are out of date. */
  details: { territoryId: number };
  /** The room reloaded the world from the database: every read the client holds may be out of date. */
  resynced: Record<string, never>;
  /** A message posted to the territory this client watches. */
  chat: ChatMessageDto;
  /** A message of the watched territory that the Wanakt removed: it leaves the screen. */
  chatRemoved: { id: number; territory_id: number };
  /** This client's player's alliance (or one it was invited to or asked to join) changed: its reads are out of date. */
  alliance: { allianceId: number };
  /** A message of this client's player's alliance's chat, sent to its members' clients only. */
  allianceChat: AllianceChatMessageDto;
  /** A message of its alliance's chat that the Wanakt removed: it leaves the screen. */
  allianceChatRemoved: { id: number; alliance_id: number };
  /** A notice for this client's player, sent to that player's clients only. */
  notification: NotificationDto;
  /** This client's banner, at join, at each rotation and when its region changes; with the region it is counted in. */
  banner: { ad: LiveBannerAd | null; region: Region | null };
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
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    return { ok: false, reason: 'A message must be an object' };
  const parsed = ClientMessage.safeParse({ ...payload, type });
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'Invalid message' };
  return { ok: true, message: parsed.data };
}
