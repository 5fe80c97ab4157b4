import type { Presence } from '@colyseus/core';
import type { Logger } from '../../infra/logger.ts';

const ONLINE_KEY = 'world:online';
const REFRESH_MS = 2000;
// A room that has not written its count for this long is taken for a process that stopped.
const STALE_MS = 3 * REFRESH_MS;

interface Entry {
  count: number;
  at: number;
}

/** The world rooms, in any process, that wrote their count lately: those whose shared counts still hold. */
export async function liveRoomIds(presence: Presence, now: number): Promise<Set<string>> {
  const all = await presence.hgetall(ONLINE_KEY);
  const live = new Set<string>();
  for (const [roomId, text] of Object.entries(all ?? {})) {
    if (now - (JSON.parse(text) as Entry).at <= STALE_MS) live.add(roomId);
  }
  return live;
}

/**
 * The number of people in the world across every process. Each world room writes its own count
 * to the shared presence (Redis with several processes) every few seconds and adds up the fresh
 * counts of the others; its own joins and leaves show at once.
 */
export class OnlineCount {
  private here = 0;
  private elsewhere = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  private readonly presence: Presence;
  private readonly roomId: string;
  private readonly show: (total: number) => void;
  private readonly log: Logger;
  private readonly clock: () => Date;

  constructor(presence: Presence, roomId: string, show: (total: number) => void, log: Logger, clock: () => Date) {
    this.presence = presence;
    this.roomId = roomId;
    this.show = show;
    this.log = log;
    this.clock = clock;
  }

  start(): void {
    this.timer = setInterval(() => this.refreshSoon(), REFRESH_MS);
  }

  change(delta: number): void {
    this.here += delta;
    this.show(this.here + this.elsewhere);
    this.refreshSoon();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.presence.hdel(ONLINE_KEY, this.roomId);
  }

  private refreshSoon(): void {
    this.refresh().catch((error: unknown) => this.log.warn(`Could not share the online count: ${String(error)}`));
  }

  private async refresh(): Promise<void> {
    const now = this.clock().getTime();
    const mine: Entry = { count: this.here, at: now };
    await this.presence.hset(ONLINE_KEY, this.roomId, JSON.stringify(mine));
    const all = await this.presence.hgetall(ONLINE_KEY);
    let elsewhere = 0;
    for (const [roomId, text] of Object.entries(all ?? {})) {
      if (roomId === this.roomId) continue;
      const entry = JSON.parse(text) as Entry;
      if (now - entry.at <= STALE_MS) elsewhere += entry.count;
      else await this.presence.hdel(ONLINE_KEY, roomId);
    }
    if (this.timer === null) return;
    this.elsewhere = elsewhere;
    this.show(this.here + this.elsewhere);
  }
}
