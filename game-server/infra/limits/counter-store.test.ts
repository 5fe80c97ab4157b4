import { randomUUID } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/database.ts';
import { testRedisUrl } from '../../testing/test-redis.ts';
import { testBackends } from '../../testing/databases.ts';
import { createCounterStore, type CounterStore } from './counter-store.ts';

const redisUrl = await testRedisUrl();

async function burst(store: CounterStore, requests: number, points: number) {
  // A name of its own per run: Redis is shared by every test run on this machine.
  const counter = store.counter({ name: `burst-${randomUUID()}`, points, seconds: 60 });
  const results = await Promise.allSettled(Array.from({ length: requests }, () => counter.consume('one-key')));
  return results.filter((result) => result.status === 'fulfilled').length;
}

describe('rate-limit counters count atomically in every store', () => {
  for (const backend of testBackends()) {
    it(`on ${backend.name}: 100 parallel takes of a 5-point counter, 5 get through; expired rows are swept`, async () => {
      const database = await backend.open();
      const store = createCounterStore({ sql: database.sql });
      try {
        expect(await burst(store, 100, 5)).toBe(5);
        expect(await store.sweep(Date.now() + 120_000)).toBeGreaterThanOrEqual(1);
        const [left] = await database.sql<{ n: number }[]>`select count(*)::int as n from rate_limits`;
        expect(left.n).toBe(0);
      } finally {
        await store.close();
        await database.close();
      }
    });
  }

  it('when the database cannot take a count, then the process counts in its own memory: the limit holds and nothing throws but the refusals', async () => {
    const cut = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const unreachable = { unsafe: () => Promise.reject(cut) } as unknown as Sql;
    const store = createCounterStore({ sql: unreachable });
    const counter = store.counter({ name: `cut-${randomUUID()}`, points: 5, seconds: 60 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => counter.consume('one-key')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refusals.every((reason) => reason instanceof RateLimiterRes)).toBe(true);
  });

  it.runIf(redisUrl)('on Redis: 100 parallel takes of a 5-point counter, 5 get through', async () => {
    const backend = testBackends()[0];
    const database = await backend.open();
    const store = createCounterStore({ sql: database.sql, redisUrl: redisUrl! });
    try {
      expect(await burst(store, 100, 5)).toBe(5);
    } finally {
      await store.close();
      await database.close();
    }
  });
});
