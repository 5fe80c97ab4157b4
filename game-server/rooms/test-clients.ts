import { Client, Room } from '@colyseus/sdk';

// Real @colyseus/sdk clients for tests and benchmarks, with a record of every frame they received,
// so a test can show what was (and was not) sent on the wire, not only what was decoded.

const frames = new WeakMap<object, Uint8Array[]>();
const dispatch = Room.prototype['onMessageCallback'];
Room.prototype['onMessageCallback'] = function (this: Room, event: MessageEvent) {
  const received = frames.get(this) ?? [];
  received.push(new Uint8Array(event.data as ArrayBuffer));
  frames.set(this, received);
  dispatch.call(this, event);
};

export interface WorldJoin {
  client: Client;
  room: Room;
  /** Every message of type `chat` or `refused` this client received, in order. */
  messages: { type: string; payload: any }[];
}

export async function joinWorld(url: string, headers: { cookie?: string; origin?: string } = {}): Promise<WorldJoin> {
  const client = new Client(url, { headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string> });
  const room = await client.joinOrCreate('world');
  const messages: WorldJoin['messages'] = [];
  room.onMessage('*', (type, payload) => messages.push({ type: String(type), payload }));
  return { client, room, messages };
}

export function framesOf(room: Room): Uint8Array[] {
  return frames.get(room) ?? [];
}

/** Whether these bytes occur, in this order, in any frame the room received. */
export function receivedBytes(room: Room, needle: Uint8Array): boolean {
  return framesOf(room).some((frame) => {
    outer: for (let i = 0; i + needle.length <= frame.length; i++) {
      for (let j = 0; j < needle.length; j++) if (frame[i + j] !== needle[j]) continue outer;
      return true;
    }
    return false;
  });
}

type Maybe<T> = T | undefined | null | false;

export async function waitFor<T>(read: () => Maybe<T> | Promise<Maybe<T>>, what: string, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
