import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Debian's libfaketime (package faketime), the thread-safe build: Node reads the clock from many threads.
const LIBRARIES = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1'];

/**
 * The wall clocks of a run's processes, each movable while it runs, as an NTP step or a host whose
 * clock is off moves it: libfaketime preloaded into each, reading its offset from a file of its own
 * (re-read every second). Only the wall clock moves; the monotonic clock that Node's timers use does
 * not, as on a real host.
 */
export interface MovableClocks {
  /** What a process started with it needs in its environment. */
  environmentOf(index: number): Record<string, string>;
  /** Sets process `index`'s clock `seconds` from the true time (0: true again); it shows within about a second. */
  move(index: number, seconds: number): Promise<void>;
  remove(): Promise<void>;
}

/** Null where libfaketime is not installed (apt-get install -y faketime). */
export async function movableClocks(count: number): Promise<MovableClocks | null> {
  const library = LIBRARIES.find((path) => existsSync(path));
  if (!library) return null;
  const folder = await mkdtemp(join(tmpdir(), 'wanakt-clocks-'));
  const fileOf = (index: number) => join(folder, `process-${index}`);
  const move = (index: number, seconds: number) => writeFile(fileOf(index), `${seconds >= 0 ? '+' : ''}${Math.round(seconds)}\n`);
  for (let index = 0; index < count; index++) await move(index, 0);
  return {
    environmentOf: (index) => ({
      LD_PRELOAD: library,
      FAKETIME_TIMESTAMP_FILE: fileOf(index),
      FAKETIME_CACHE_DURATION: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    }),
    move,
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
