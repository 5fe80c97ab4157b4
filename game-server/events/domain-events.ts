import type { AdDto } from '../../schema/api/ads.ts';
import type { BroadcastDto } from '../../schema/api/broadcasts.ts';
import type { ChatMessageDto } from '../../schema/api/chat.ts';

/**
 * What a service announces after its transaction commits. Events name what changed, not the new
 * values of rows: a listener that shows a territory reads it again, so it can never show a state
 * the database did not commit.
 */
export type DomainEvent =
  | { type: 'territories.changed'; territoryIds: number[] }
  | { type: 'balances.changed'; userIds: string[] }
  | { type: 'payments-due.changed'; userIds: string[] }
  | { type: 'chat.posted'; message: ChatMessageDto }
  | { type: 'broadcast.sent'; broadcast: BroadcastDto }
  | { type: 'banner.changed'; ad: AdDto | null };

export type DomainEventHandler = (event: DomainEvent) => void;

/** Carries domain events to every listener in this process and, with Redis, in every other one. */
export interface EventBus {
  publish(event: DomainEvent): void;
  subscribe(handler: DomainEventHandler): () => void;
  close(): Promise<void>;
}
