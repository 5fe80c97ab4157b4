import { describe, expect, it } from 'vitest';
import { CHAOS_DEFAULTS, faultSchedule, type FaultKind } from './chaos.ts';
import { seededRandom } from './seeded-random.ts';

// A chaos run is replayable: its seed alone decides its faults, their timing and the processes they hit.
describe('the chaos run’s fault schedule', () => {
  const options = { ...CHAOS_DEFAULTS, durationSeconds: 1200 };

  it('when two schedules are made from the same seed, then they are the same', () => {
    const schedule = faultSchedule(42, options);
    expect(schedule.length).toBeGreaterThan(5);
    expect(faultSchedule(42, options)).toEqual(schedule);
  });

  it('when two schedules are made from different seeds, then they differ', () => {
    expect(faultSchedule(43, options)).not.toEqual(faultSchedule(42, options));
  });

  it('when a schedule is made, then its faults take the kinds in turn, wait within the range and end 10 s before the run', () => {
    const schedule = faultSchedule(7, options);
    expect(schedule.map((fault) => fault.kind)).toEqual(schedule.map((_, i) => options.faults[i % options.faults.length]));
    for (const fault of schedule) {
      expect(fault.afterMs).toBeGreaterThanOrEqual(options.faultEverySeconds[0] * 1000);
      expect(fault.afterMs).toBeLessThanOrEqual(options.faultEverySeconds[1] * 1000);
      expect(fault.victim).toBeLessThan(options.processes);
    }
    const total = schedule.reduce((sum, fault) => sum + fault.afterMs, 0);
    expect(total + 10_000).toBeLessThanOrEqual(options.durationSeconds * 1000);
  });

  it('when the faults include a full disk, then its windows come from the seeded schedule as the others do', () => {
    const withDisk = { ...options, faults: ['disk', 'db'] as FaultKind[] };
    const schedule = faultSchedule(5, withDisk);
    expect(faultSchedule(5, withDisk)).toEqual(schedule);
    expect(schedule.filter((_, i) => i % 2 === 0).every((fault) => fault.kind === 'disk')).toBe(true);
    expect(faultSchedule(5, options).some((fault) => fault.kind === 'disk')).toBe(true);
  });

  it('when the generator is seeded, then it replays its numbers, each in [0, 1)', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const drawn = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(drawn);
    expect(drawn.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(new Set(drawn).size).toBe(1000);
  });
});
