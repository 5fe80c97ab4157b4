import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { latestThrottle } from './throttle.ts';

describe('[design live state] pin drag throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when moves come faster than the interval, then at most one per interval is sent and the latest wins', () => {
    const sent: number[] = [];
    const throttle = latestThrottle<number>(
      50,
      (value) => sent.push(value),
      () => Date.now(),
    );
    for (let step = 0; step < 10; step++) {
      throttle.push(step);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(100);
    expect(sent[0]).toBe(0);
    expect(sent[sent.length - 1]).toBe(9);
    expect(sent.length).toBeLessThanOrEqual(3);
  });

  it('when cancelled, then nothing that was waiting is sent', () => {
    const sent: number[] = [];
    const throttle = latestThrottle<number>(
      50,
      (value) => sent.push(value),
      () => Date.now(),
    );
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    vi.advanceTimersByTime(200);
    expect(sent).toEqual([1]);
  });
});
