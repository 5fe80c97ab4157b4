import { randomBytes } from 'node:crypto';
import { RedisPresence } from '@colyseus/redis-presence';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttableProxy } from '../testing/cuttable-proxy.ts';
import { PrivateRedis } from '../testing/private-redis.ts';
import { waitFor } from '../testing/test-clients.ts';
import { testRedisUrl } from '../testing/test-redis.ts';
import { openRedis } from './redis-client.ts';

// No failure outlives its fault: once Redis has closed the game's connections (as a restart or
// `CLIENT KILL` does), the next operations succeed on new ones, the presence's subscriptions too.
const url = await testRedisUrl();

describe.runIf(url)("the game's Redis clients after Redis closed their connections", () => {
  // Only this test's own clients are killed, found by a name no other client carries.
  const name = `wanakt-test-${randomBytes(4).toString('hex')}`;
  let admin: Redis;

  beforeAll(() => {
    admin = new Redis(url!);
  });
  afterAll(async () => {
    await admin?.quit();
  });

  /** Ends every connection named `name` from Redis's side, and says how many there were. */
  async function killOurClients(): Promise<number> {
    const list = (await admin.call('CLIENT', 'LIST')) as string;
    const ids = list
      .split('\n')
      .map((line) => Object.fromEntries(line.split(' ').map((field) => field.split('=', 2))))
      .filter((fields) => fields.name === name)
      .map((fields) => fields.id as string);
    for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
    return ids.length;
  }

  const ready = (redis: Redis) => new Promise<void>((resolve) => redis.once('ready', () => resolve()));

  it('when the presence connections are killed, then the next publish reaches the subscriber and the next write is read back', async () => {
    const presence = new RedisPresence(openRedis(url!, undefined, 'presence', { connectionName: name }));
    try {
      const heard: unknown[] = [];
      let hear!: () => void;
      const message = new Promise<void>((resolve) => (hear = resolve));
      await presence.subscribe(`${name}:channel`, (data: unknown) => {
        heard.push(data);
        hear();
      });
      await presence.hset(name, 'before', '1');
      // The presence's subscriber, a copy of the client it was given (protected in its types).
      const subscriberBack = ready((presence as unknown as { sub: Redis }).sub);
      expect(await killOurClients()).toBe(2);
      // Sent at once: it waits in the offline queue for the new connection.
      await presence.hset(name, 'after', '2');
      expect(await presence.hget(name, 'after')).toBe('2');
      await subscriberBack;
      await presence.publish(`${name}:channel`, { n: 1 });
      await message;
      expect(heard).toEqual([{ n: 1 }]);
    } finally {
      await presence.del(name);
      presence.shutdown();
    }
  });

  it('when a client without an offline queue is killed, then once it is back its commands succeed again, each time', async () => {
    const counters = openRedis(url!, undefined, 'rate limits', { connectionName: name, enableOfflineQueue: false, commandTimeout: 500 });
    try {
      await ready(counters);
      for (let kill = 1; kill <= 3; kill++) {
        const back = ready(counters);
        expect(await killOurClients()).toBe(1);
        await back;
        expect(await counters.incr(`${name}:count`)).toBe(kill);
      }
    } finally {
      await counters.del(`${name}:count`);
      await counters.quit();
    }
  });
});

describe("the presence's subscriber when Redis restarts behind a proxy", () => {
  it('when the proxy takes connections Redis then drops (Redis down), then once Redis is back the subscriber listens again', async () => {
    const redis = await PrivateRedis.start();
    const proxy = await startCuttableProxy(redis.url);
    const presence = new RedisPresence(openRedis(proxy.url, undefined, 'presence'));
    const looking = new Redis(redis.url, { lazyConnect: true });
    try {
      await presence.subscribe('p:listening', () => {});
      await redis.stop();
      // The wait is the outage under test: the subscriber's reconnections are taken by the proxy and
      // dropped at once, several times over, as a balancer in front of a Redis that restarts does.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await redis.start();
      await looking.connect();
      // ioredis 5.11.1 declared such a connection ready after it had closed, and never reconnected
      // it: the process stopped hearing its channel, and joins placed through it hung (patches/).
      await waitFor(async () => (await looking.pubsub('CHANNELS', 'p:*')).length > 0, 'the subscriber listening again', 10_000);
    } finally {
      // Disconnected rather than shut down: a QUIT sent while a client reconnects rejects, unheard.
      const { pub, sub } = presence as unknown as { pub: Redis; sub: Redis };
      for (const client of [looking, pub, sub]) client.disconnect();
      await proxy.stop();
      await redis.stop();
    }
  });
});
