import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import type { DomainEvent, DomainEventHandler, EventBus } from './domain-events.ts';

export const DOMAIN_EVENTS_CHANNEL = 'wanakt:domain-events';

interface Envelope {
  /** The bus that published it: that process has already delivered it to its own handlers. */
  from: string;
  event: DomainEvent;
}

/**
 * The bus of several processes: an event reaches this process's handlers at once, as on the local
 * bus, and every other process's through Redis pub/sub. Events carry ids, not rows, so a process
 * that hears one reads the committed rows itself.
 */
export async function createRedisBus(url: string, log: Logger, options: { channel?: string } = {}): Promise<EventBus> {
  const channel = options.channel ?? DOMAIN_EVENTS_CHANNEL;
  const busId = randomUUID();
  const handlers = new Set<DomainEventHandler>();
  const deliver = (event: DomainEvent) => {
    for (const handler of handlers) queueMicrotask(() => handler(event));
  };

  // A connection in subscriber mode can do nothing else, so publishing needs a second one.
  const publisher = new Redis(url, { lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error) => log.warn(`Redis event bus: ${error.message}`));
  }
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }
  subscriber.on('message', (from, text: string) => {
    if (from !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      log.warn('Redis event bus: ignored a message that is not JSON');
      return;
    }
    if (envelope.from !== busId && envelope.event) deliver(envelope.event);
  });

  return {
    publish(event) {
      deliver(event);
      const envelope: Envelope = { from: busId, event };
      publisher.publish(channel, JSON.stringify(envelope)).catch((error: Error) => {
        log.error(`Redis event bus: could not publish ${event.type} to other processes`, error);
      });
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
