import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIEW_CHANGES_PER_SECOND, VIEW_FLOOD, VIEW_MARKERS_PER_SECOND } from '../../../schema/state/messages.ts';
import { RoomViewBudget, ViewPacer } from './view-pacer.ts';

// docs/design.md "Live state": a client's view changes, the latest wins, at most 2 a second, the
// markers they pull within 2,000 a second, and a flood refused.

describe('[live state] view changes are paced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const pacer = (markers: (value: number) => number = () => 0) => {
    const applied: { at: number; value: number }[] = [];
    const paced = new ViewPacer<number>(
      async (value) => {
        applied.push({ at: Date.now(), value });
        return markers(value);
      },
      undefined,
      () => Date.now(),
    );
    return { paced, applied };
  };

  it('when 16 changes a second arrive for 3 seconds, then at most 2 a second are applied and the last one lands', async () => {
    const { paced, applied } = pacer();
    const start = Date.now();
    for (let i = 0; i < 48; i++) {
      paced.push(i);
      await vi.advanceTimersByTimeAsync(1000 / 16);
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(applied.filter(({ at }) => at - start < 3000).length).toBeLessThanOrEqual(3 * VIEW_CHANGES_PER_SECOND);
    for (let i = 1; i < applied.length; i++)
      expect(applied[i].at - applied[i - 1].at).toBeGreaterThanOrEqual(1000 / VIEW_CHANGES_PER_SECOND);
    expect(applied.at(-1)!.value).toBe(47);
  });

  it('when each change pulls 1,500 markers, then the next waits until the markers are paid for', async () => {
    const { paced, applied } = pacer(() => 1500);
    for (let i = 0; i < 40; i++) {
      paced.push(i);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2000);
    const gaps = applied.slice(1).map((change, i) => change.at - applied[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual((1500 / VIEW_MARKERS_PER_SECOND) * 1000);
    const seconds = (applied.at(-1)!.at - applied[0].at) / 1000;
    expect(((applied.length - 1) * 1500) / seconds).toBeLessThanOrEqual(VIEW_MARKERS_PER_SECOND);
    expect(applied.at(-1)!.value).toBe(39);
  });

  it("when ten clients each pull 1,500 markers as fast as their pace allows, then the room's budget holds them together to its rate, in turns", async () => {
    const budget = new RoomViewBudget(6000, () => Date.now());
    const applied: { at: number; client: number }[] = [];
    const pacers = Array.from(
      { length: 10 },
      (_, client) =>
        new ViewPacer<number>(
          async () => (applied.push({ at: Date.now(), client }), 1500),
          undefined,
          () => Date.now(),
          budget,
        ),
    );
    for (let tick = 0; tick < 50; tick++) {
      for (const paced of pacers) paced.push(tick);
      await vi.advanceTimersByTimeAsync(100);
    }
    const seconds = (applied.at(-1)!.at - applied[0].at) / 1000;
    expect(((applied.length - 1) * 1500) / seconds).toBeLessThanOrEqual(6000);
    // Every client had its turns: none was starved by the others.
    expect(new Set(applied.map(({ client }) => client)).size).toBe(10);
    pacers.forEach((paced) => paced.stop());
  });

  it('when a newer change arrives while one is being applied, then the one being applied is told it is superseded, and the newer one lands next', async () => {
    const told: boolean[] = [];
    const applied: number[] = [];
    let release = () => {};
    const paced = new ViewPacer<number>(
      async (value, superseded) => {
        applied.push(value);
        told.push(superseded());
        if (value === 1) await new Promise<void>((resolve) => (release = resolve));
        told.push(superseded());
        return 0;
      },
      undefined,
      () => Date.now(),
    );
    paced.push(1);
    await vi.advanceTimersByTimeAsync(0);
    paced.push(2);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(applied).toEqual([1, 2]);
    expect(told).toEqual([false, true, false, false]);
  });

  it('when a change comes slower than the pace, then it is applied at once', async () => {
    const { paced, applied } = pacer();
    for (let i = 0; i < 3; i++) {
      paced.push(i);
      await vi.advanceTimersByTimeAsync(0);
      expect(applied.at(-1)!.value).toBe(i);
      await vi.advanceTimersByTimeAsync(600);
    }
  });

  it('when more view messages than the flood allows arrive within its window, then heard answers false and nothing more is applied', async () => {
    const { paced, applied } = pacer();
    const answers = Array.from({ length: VIEW_FLOOD.messages + 1 }, () => paced.heard());
    expect(answers.slice(0, VIEW_FLOOD.messages).every(Boolean)).toBe(true);
    expect(answers.at(-1)).toBe(false);
    paced.push(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(applied).toEqual([]);
  });

  it('when view messages come at the edge of the flood, window after window, then none is refused', () => {
    const { paced } = pacer();
    const every = (VIEW_FLOOD.seconds * 1000) / VIEW_FLOOD.messages;
    for (let i = 0; i < VIEW_FLOOD.messages * 3; i++) {
      expect(paced.heard()).toBe(true);
      vi.advanceTimersByTime(every);
    }
  });
});
