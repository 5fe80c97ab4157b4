import { Client, type Room } from '@colyseus/sdk';
import { rejoinDelayMs, SDK_RECONNECTION, shouldRejoin } from '../../schema/rules/rejoin.ts';

/**
 * A world client that stays in the world across restarts, as the browser's does (client/state/
 * room.ts): when its process sends it away it joins again, on the next endpoint that takes it,
 * and watches the same chat. It records how long each absence lasted.
 */
export class StayingClient {
  room: Room | null = null;
  /** Chat messages received, in order, across every room this client was in. */
  readonly chat: { territory_id: number; message: string }[] = [];
  /** Milliseconds from being sent away to being back in a room, one entry per rejoin. */
  readonly gaps: number[] = [];
  private watching: number | null = null;
  private next = 0;
  private closed = false;

  private readonly endpoints: () => string[];
  private readonly headers: Record<string, string>;

  constructor(endpoints: () => string[], headers: Record<string, string> = {}) {
    this.endpoints = endpoints;
    this.headers = headers;
  }

  async join(): Promise<void> {
    const list = this.endpoints();
    const endpoint = list[this.next++ % list.length];
    const room = await new Client(endpoint, { headers: this.headers }).joinOrCreate('world');
    this.room = room;
    Object.assign(room.reconnection, SDK_RECONNECTION);
    room.onMessage('chat', (message) => this.chat.push(message));
    room.onMessage('*', () => {});
    let dropped = false;
    room.onDrop(() => (dropped = true));
    room.onReconnect(() => (dropped = false));
    room.onLeave((code) => {
      if (this.room !== room) return;
      this.room = null;
      if (!this.closed && shouldRejoin(code, dropped)) void this.rejoin(Date.now());
    });
    if (this.watching !== null) room.send('chat.watch', { territoryId: this.watching });
  }

  watch(territoryId: number): void {
    this.watching = territoryId;
    this.room?.send('chat.watch', { territoryId });
  }

  get longestGapMs(): number {
    return Math.max(0, ...this.gaps);
  }

  async leave(): Promise<void> {
    this.closed = true;
    const room = this.room;
    this.room = null;
    if (room?.connection?.isOpen) await room.leave();
  }

  private async rejoin(leftAt: number): Promise<void> {
    for (let attempt = 1; !this.closed; attempt++) {
      // The wait is the rule the client follows: rejoins back off as the game's client does (rejoinDelayMs).
      await new Promise((resolve) => setTimeout(resolve, rejoinDelayMs(attempt, Math.random())));
      try {
        await this.join();
        this.gaps.push(Date.now() - leftAt);
        return;
      } catch {
        // That process is stopping or not up yet: the next attempt tries the next endpoint.
      }
    }
  }
}
