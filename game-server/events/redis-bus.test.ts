import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import type { DomainEvent, EventBus } from './domain-events.ts';
import { createRedisBus } from './redis-bus.ts';
import { testRedisUrl } from './test-redis.ts';

const redisUrl = await testRedisUrl();
const log = createLogger('error');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(redisUrl)('[issue 7 several processes] the domain-event bus over Redis', () => {
  const open: EventBus[] = [];
  afterEach(async () => {
    for (const bus of open.splice(0)) await bus.close();
  });

  const twoProcesses = async () => {
    const channel = `test:${randomUUID()}`;
    const buses = await Promise.all([createRedisBus(redisUrl!, log, { channel }), createRedisBus(redisUrl!, log, { channel })]);
    open.push(...buses);
    const heard = buses.map((bus) => {
      const events: DomainEvent[] = [];
      bus.subscribe((event) => events.push(event));
      return events;
    });
    return { channel, buses, heard };
  };

  it('when one process publishes, then its own handlers and the other process hear the event exactly once', async () => {
    const { buses, heard } = await twoProcesses();
    const event: DomainEvent = { type: 'territories.changed', territoryIds: [7, 9] };
    buses[0].publish(event);
    await pause(0);
    expect(heard[0]).toEqual([event]);
    await expect.poll(() => heard[1], { timeout: 2000 }).toEqual([event]);
    await pause(100);
    expect(heard).toEqual([[event], [event]]);
  });

  it('when events follow one another, then the other process hears them in order', async () => {
    const { buses, heard } = await twoProcesses();
    const events: DomainEvent[] = Array.from({ length: 50 }, (_, i) => ({ type: 'balances.changed', userIds: [`u${i}`] }));
    for (const event of events) buses[0].publish(event);
    await expect.poll(() => heard[1].length, { timeout: 2000 }).toBe(50);
    expect(heard[1]).toEqual(events);
  });

  it('when something else writes to the channel, then the bus ignores it; after close, nothing more is heard', async () => {
    const { channel, buses, heard } = await twoProcesses();
    const stranger = new Redis(redisUrl!);
    await stranger.publish(channel, 'not json');
    await stranger.quit();
    await buses[1].close();
    open.splice(open.indexOf(buses[1]), 1);
    buses[0].publish({ type: 'payments-due.changed', userIds: ['u1'] });
    await pause(200);
    expect(heard[1]).toEqual([]);
    expect(heard[0]).toHaveLength(1);
  });
});
