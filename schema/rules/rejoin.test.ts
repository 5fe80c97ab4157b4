import { describe, expect, it } from 'vitest';
import { rejoinDelayMs, shouldRejoin } from './rejoin.ts';

describe('[graceful restarts] rejoining the live world', () => {
  it('when the server stops or the reconnection failed, then the client joins again; after a consented leave it does not', () => {
    expect(shouldRejoin(4001)).toBe(true);
    expect(shouldRejoin(4003)).toBe(true);
    expect(shouldRejoin(4000)).toBe(false);
    expect(shouldRejoin(1000)).toBe(false);
  });

  it('when the socket broke first, then the client joins again whatever code ended it (a restarted process answers the old room with an error)', () => {
    expect(shouldRejoin(1006, true)).toBe(true);
    expect(shouldRejoin(4000, true)).toBe(true);
    expect(shouldRejoin(1006)).toBe(false);
  });

  it('when attempts repeat, then the wait doubles up to 3 s and is spread over half of it', () => {
    expect(rejoinDelayMs(1, 0)).toBe(50);
    expect(rejoinDelayMs(1, 0.999)).toBe(100);
    expect(rejoinDelayMs(3, 0)).toBe(200);
    expect(rejoinDelayMs(20, 0)).toBe(1500);
    expect(rejoinDelayMs(20, 0.999)).toBe(2999);
  });
});
