import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PIN_DRAGS_PER_SECOND } from '../../../schema/state/messages.ts';
import { LatestWins } from './latest-wins.ts';

describe('[pin drag] at most 20 moves a second, the last one always lands', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const throttle = () => {
    const applied: { at: number; value: number }[] = [];
    const latest = new LatestWins<number>(
      PIN_DRAGS_PER_SECOND,
      (value) => applied.push({ at: Date.now(), value }),
      () => Date.now(),
    );
    return { latest, applied };
  };

  it('when 200 moves arrive within one second, then at most 20 are applied in that second, evenly spaced, and the last one lands', () => {
    const { latest, applied } = throttle();
    const start = Date.now();
    for (let i = 0; i < 200; i++) {
      latest.push(i);
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(100);
    const inFirstSecond = applied.filter(({ at }) => at - start < 1000);
    expect(inFirstSecond.length).toBeLessThanOrEqual(PIN_DRAGS_PER_SECOND);
    expect(inFirstSecond.length).toBeGreaterThanOrEqual(PIN_DRAGS_PER_SECOND - 1);
    for (let i = 1; i < applied.length; i++) expect(applied[i].at - applied[i - 1].at).toBeGreaterThanOrEqual(1000 / PIN_DRAGS_PER_SECOND);
    expect(applied.at(-1)!.value).toBe(199);
  });

  it('when moves come slower than the limit, then each is applied at once', () => {
    const { latest, applied } = throttle();
    for (let i = 0; i < 5; i++) {
      latest.push(i);
      expect(applied.at(-1)!.value).toBe(i);
      vi.advanceTimersByTime(100);
    }
  });

  it('when a waiting move is cancelled, then it is never applied', () => {
    const { latest, applied } = throttle();
    latest.push(1);
    latest.push(2);
    latest.cancel();
    vi.advanceTimersByTime(1000);
    expect(applied.map(({ value }) => value)).toEqual([1]);
  });
});
