import type { AdDto } from '../../../schema/api/ads.ts';
import type { BroadcastDto } from '../../../schema/api/broadcasts.ts';
import type { AllianceChatMessageDto, ChatMessageDto } from '../../../schema/api/chat.ts';

/**
 * What a command leaves in the outbox for the rooms. Events name what changed, not the new values
 * of rows: a listener that shows a territory reads it again, so it can never show a state the
 * database did not commit.
 */
export type DomainEvent =
  | { type: 'territories.changed'; territoryIds: number[] }
  /**
   * A territory was visited: only its visit count moved. Apart from territories.changed so that a
   * visit, the most frequent write, does not drop the cached world lists in every process.
   */
  | { type: 'territory.visited'; territoryId: number; visits: number }
  /** Offers on these territories were made, answered or ended: every page showing them reads them again. */
  | { type: 'offers.changed'; territoryIds: number[] }
  /** An auction of these territories started, took a bid (its end may have moved) or ended: every page showing it reads it again. */
  | { type: 'auctions.changed'; territoryIds: number[] }
  | { type: 'balances.changed'; userIds: string[] }
  /** An alliance's members, roles, door or treasury changed: these players' clients read its pages again. */
  | { type: 'alliance.changed'; allianceId: number; userIds: string[] }
  | { type: 'payments-due.changed'; userIds: string[] }
  | { type: 'chat.posted'; message: ChatMessageDto }
  /** A message the Wanakt removed: the clients watching its territory drop it from their screens. */
  | { type: 'chat.removed'; messageId: number; territoryId: number }
  /** A message of an alliance's chat, for these players alone: its members as it was posted. */
  | { type: 'alliance-chat.posted'; message: AllianceChatMessageDto; userIds: string[] }
  /** A message of an alliance's chat the Wanakt removed: it leaves these members' screens. */
  | { type: 'alliance-chat.removed'; messageId: number; allianceId: number; userIds: string[] }
  | { type: 'broadcast.sent'; broadcast: BroadcastDto }
  /** A broadcast the Wanakt removed: a room showing it shows the newest one left, or none. */
  | { type: 'broadcast.removed'; broadcastId: number }
  | { type: 'banner.changed'; slot: number; ad: AdDto | null }
  /** Notices stored for these players; a room sends each one to its addressee's clients only. */
  | { type: 'notifications.created'; notices: { id: number; userId: string }[] }
  /** Sessions ended (logout, a new login over them): every room closes their sockets. */
  | { type: 'sessions.ended'; sessions: string[] };

/**
 * Not a command's event: the relay says that events were lost to it (pruned while it could not
 * read), so a listener must reload everything it shows from the tables.
 */
export interface ResyncSignal {
  type: 'world.resync';
}

export type Delivered = DomainEvent | ResyncSignal;

/** Where a committed event came from: the request that caused it, and when its row was written. */
export interface EventOrigin {
  traceId: string | null;
  committedAt: Date;
}

/**
 * Called in outbox order; `seq` is the event's number (for a resync, the number it resumes after),
 * `origin` is there for an event read from the outbox (not for a resync).
 */
export type DomainEventHandler = (event: Delivered, seq: number, origin?: EventOrigin) => void;

/** Hands the committed events of every process to this process's listeners. */
export interface EventBus {
  subscribe(handler: DomainEventHandler): () => void;
  close(): Promise<void>;
}
