import { describe, expect, it } from 'vitest';
import type { Delivered, DomainEventHandler, EventBus } from '../../../infra/events/domain-events.ts';
import { ReadCache } from './read-cache.ts';

function bus(): EventBus & { publish: (event: Delivered) => void } {
  const handlers: DomainEventHandler[] = [];
  return {
    subscribe: (handler) => (handlers.push(handler), () => {}),
    close: async () => {},
    publish: (event) => handlers.forEach((handler) => handler(event, 1)),
  };
}

describe('[fast reads] slim shapes of a cached list', () => {
  it('when more shapes are asked for than are kept, then the kept ones stay and the others are left to the caller, until the rows change', async () => {
    const events = bus();
    let loads = 0;
    const cache = new ReadCache(
      events,
      () => true,
      async () => (loads++, [{ id: 1, name: 'Vienna' }]),
    );
    const shapes = Array.from({ length: 32 }, (_, i) => cache.variant(`shape-${i}`, (rows) => rows));
    expect(shapes.every((shape) => shape !== null)).toBe(true);
    expect(JSON.parse((await shapes[0]!).identity.toString())).toEqual([{ id: 1, name: 'Vienna' }]);
    expect(cache.variant('one-too-many', (rows) => rows)).toBeNull();
    expect(cache.variant('shape-0', () => 'not derived again')).toBe(shapes[0]);
    expect(loads).toBe(1);

    events.publish({ type: 'world.resync' });
    expect(cache.variant('one-too-many', (rows) => rows)).not.toBeNull();
  });
});
