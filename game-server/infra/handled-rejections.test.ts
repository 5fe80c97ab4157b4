import { RedisPresence } from '@colyseus/redis-presence';
import { afterEach, expect, it } from 'vitest';
import { freePort } from '../testing/private-redis.ts';
import { withHandledRejections } from './handled-rejections.ts';
import { openRedis } from './redis-client.ts';

// Colyseus publishes to other processes without waiting for the answer; with Redis away that
// publish rejects. Unhandled, Node would end the game process with every room it holds.

/** The presence the game builds, whose connections the test can drop at the end. */
class ClosablePresence extends RedisPresence {
  close(): void {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

const unhandled: unknown[] = [];
const note = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', note);
});

it('when Redis is away, then a publish nobody waits for fails quietly, and one that is waited for still fails for its caller', async () => {
  process.on('unhandledRejection', note);
  const away = `redis://127.0.0.1:${await freePort()}`;
  const raw = new ClosablePresence(openRedis(away, undefined, 'presence'));
  const presence = withHandledRejections(raw);
  try {
    void presence.publish('nobody-waits', 1);
    await expect(presence.publish('waited-for', 1)).rejects.toThrow(/max retries per request/i);
    // The rejection event is emitted after the microtasks of the turn that rejected.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
    expect(presence).toBeInstanceOf(RedisPresence);
  } finally {
    raw.close();
  }
});

it('when a method answers no promise, then its value passes through unchanged', () => {
  const counter = withHandledRejections({ count: 2, twice: (value: number) => value * 2 });
  expect(counter.twice(counter.count)).toBe(4);
});
