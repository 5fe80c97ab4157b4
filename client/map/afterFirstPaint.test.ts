// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenWanted } from './afterFirstPaint.ts';

describe('[first screen] a visitor’s map starts when it is wanted', () => {
  let starts: number;
  const run = () => starts++;

  beforeEach(() => {
    starts = 0;
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the visitor leaves a loaded page alone, then the map starts only after five seconds and a painted frame, once', () => {
    expect(document.readyState).toBe('complete');
    whenWanted(run);
    vi.advanceTimersByTime(4900);
    expect(starts).toBe(0);
    vi.advanceTimersByTime(3000);
    expect(starts).toBe(1);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(10_000);
    expect(starts).toBe(1);
  });

  for (const type of ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'])
    it(`when the visitor's first ${type} comes before the delay, then the map starts at once, and not again when the delay ends`, () => {
      whenWanted(run);
      vi.advanceTimersByTime(500);
      window.dispatchEvent(new Event(type));
      expect(starts).toBe(1);
      window.dispatchEvent(new Event(type));
      vi.advanceTimersByTime(10_000);
      expect(starts).toBe(1);
    });

  it('when the map is gone before it was wanted, then nothing starts it', () => {
    const cancel = whenWanted(run);
    cancel();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(10_000);
    expect(starts).toBe(0);
  });
});
