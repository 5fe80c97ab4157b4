import { Client, type Room } from '@colyseus/sdk';
import { freshAddress } from './agent.ts';

/**
 * How long a new visitor joining through `url` takes to hold the world (territories in its state),
 * or why it did not within `limitMs`: what a player opening the game sees while another process
 * misbehaves. Each comes from an address of its own (X-Forwarded-For, as through the balancer), as
 * new players do. It leaves without waiting for an answer, which a frozen process never sends.
 */
export async function freshJoinMs(url: string, limitMs: number): Promise<number | string> {
  const began = Date.now();
  const deadline = began + limitMs;
  const held: { room: Room | null; late: boolean; failed: string | null } = { room: null, late: false, failed: null };
  const joining = new Client(url, { headers: { 'x-forwarded-for': freshAddress() } }).joinOrCreate('world').then(
    (room) => {
      if (held.late) void room.leave(false);
      else held.room = room;
    },
    (error: unknown) => {
      held.failed = `the join failed: ${String((error as Error)?.message ?? error).slice(0, 120)}`;
    },
  );
  try {
    await Promise.race([joining, new Promise((resolve) => setTimeout(resolve, limitMs))]);
    const room = held.room;
    if (!room) return held.failed ?? 'the join was not answered';
    while (Date.now() < deadline) {
      if ((room.state as { territories?: Map<string, unknown> })?.territories?.size) return Date.now() - began;
      // The wait is the poll of the decoded state, which the SDK fills as patches arrive.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return 'joined, but no world arrived';
  } finally {
    held.late = true;
    if (held.room) void held.room.leave(false);
  }
}
