import type { Presence } from '@colyseus/core';
import type { Logger } from '../../infra/logger.ts';
import { liveRoomIds } from './online-count.ts';

// docs/design.md "Live state": the sockets one address holds in the world, counted across every
// process. Each room writes how many sockets of an address it holds under that address's key in
// the shared presence (Redis with several processes, the process's memory with one), then adds
// up what every live room wrote. Writing before reading is what keeps racing joins in different
// processes under the cap: of two joins that race for the last seat, the one that reads last sees
// both, so at worst both are refused, never both admitted. A room that stopped without saying
// so (its process was killed) stops counting once its online entry is stale (online-count.ts).

/** Players' and visitors' sockets count apart: visitors have a far smaller cap (SOCKET_CAPS). */
export type SeatKind = 'player' | 'visitor';

const keyOf = (kind: SeatKind, address: string) => `world:sockets:${kind}:${address}`;

export class SocketSeats {
  private readonly here = new Map<string, number>();
  private readonly presence: Presence;
  private readonly roomId: string;
  private readonly now: () => number;
  private readonly log: Logger;

  constructor(presence: Presence, roomId: string, now: () => number, log: Logger) {
    this.presence = presence;
    this.roomId = roomId;
    this.now = now;
    this.log = log;
  }

  /**
   * Takes a seat for one more socket of `address`, or answers false (taking nothing) when the
   * sockets of its kind from that address, in every process, would be more than `cap`.
   */
  async take(kind: SeatKind, address: string, cap: number): Promise<boolean> {
    const key = keyOf(kind, address);
    const mine = (this.here.get(key) ?? 0) + 1;
    this.here.set(key, mine);
    let total = 0;
    try {
      await this.presence.hset(key, this.roomId, String(mine));
      const [written, live] = await Promise.all([this.presence.hgetall(key), liveRoomIds(this.presence, this.now())]);
      for (const [roomId, count] of Object.entries(written ?? {})) {
        if (roomId === this.roomId) continue;
        if (live.has(roomId)) total += Number(count);
        else this.quietly(this.presence.hdel(key, roomId));
      }
    } catch (error) {
      // Without the shared presence (Redis is away) each process counts what it holds itself.
      this.log.warn(`Could not read the shared socket counts: ${String(error)}`);
    }
    total += this.here.get(key) ?? 0;
    if (total <= cap) return true;
    this.give(kind, address);
    return false;
  }

  /** Gives back a seat `take` granted. */
  give(kind: SeatKind, address: string): void {
    const key = keyOf(kind, address);
    const left = (this.here.get(key) ?? 0) - 1;
    // Issued at once, without waiting: one process's writes to a key then land in the order made.
    if (left > 0) {
      this.here.set(key, left);
      this.quietly(this.presence.hset(key, this.roomId, String(left)));
    } else {
      this.here.delete(key);
      this.quietly(this.presence.hdel(key, this.roomId));
    }
  }

  private quietly(write: Promise<unknown>): void {
    write.catch((error: unknown) => this.log.warn(`Could not share a socket count: ${String(error)}`));
  }

  /** Gives back every seat this room holds, as it closes. */
  async clear(): Promise<void> {
    const keys = [...this.here.keys()];
    this.here.clear();
    await Promise.all(keys.map((key) => this.presence.hdel(key, this.roomId).catch(() => false)));
  }
}
