import { randomInt } from 'node:crypto';

/** Numbers in [0, 1), the same ones for the same seed. */
export type Random = () => number;

/**
 * mulberry32 (Tommy Ettinger's 32-bit generator): a few lines, fast, and good enough to pick
 * faults and commands. Written here rather than taken from a package: the project has none of its
 * own (fast-check's generator is a transitive dependency, for properties, not a replay), and these
 * lines are the whole of it.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed for a run that was not given one: printed, so the run can be replayed. */
export const freshSeed = (): number => randomInt(1, 2 ** 31);

/** Separate streams of one seed, so drawing more for one (the load) does not shift another (the faults). */
export const streamOf = (seed: number, stream: number): Random => seededRandom(seed + Math.imul(stream, 0x9e3779b9));
