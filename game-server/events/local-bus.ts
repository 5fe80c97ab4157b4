import type { DomainEvent, DomainEventHandler, EventBus } from './domain-events.ts';

/** The bus of a single process: handlers run after the publisher's current work, never inside it. */
export function createLocalBus(): EventBus {
  const handlers = new Set<DomainEventHandler>();
  return {
    publish(event: DomainEvent) {
      for (const handler of handlers) queueMicrotask(() => handler(event));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => handlers.clear(),
  };
}
