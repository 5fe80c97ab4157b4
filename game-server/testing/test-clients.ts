import { Client, Room } from '@colyseus/sdk';
import { liveFieldsOf, type LiveTerritoryFields } from '../../schema/state/territory-fields.ts';
import type { WorldState } from '../../schema/state/world-state.ts';
import type { Queryable } from '../infra/db/database.ts';
import { recentBroadcasts } from '../domain/social/broadcasts.ts';
import { listTerritories } from '../domain/world/territories.ts';

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
  /** Every message this client received beside the state, in order. */
  messages: { type: string; payload: any }[];
}

/** `x-forwarded-for` stands for the client's address, on a server that trusts this machine's proxy (TRUST_PROXY). */
export async function joinWorld(
  url: string,
  headers: { cookie?: string; origin?: string; 'x-forwarded-for'?: string } = {},
): Promise<WorldJoin> {
  const client = new Client(url, {
    headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>,
  });
  const room = await client.joinOrCreate('world');
  const messages: WorldJoin['messages'] = [];
  room.onMessage('*', (type, payload) => messages.push({ type: String(type), payload }));
  return { client, room, messages };
}

/** Joins the world and waits for the first state, where most room tests begin. */
export async function joinedWorld(url: string, headers: Parameters<typeof joinWorld>[1] = {}): Promise<WorldJoin> {
  const world = await joinWorld(url, headers);
  await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
  return world;
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

/**
 * Resolves once the room has read every message this client sent before: it reads one socket's
 * messages in order, and answers a ping sent after them only then.
 */
export function received(room: Room): Promise<void> {
  return new Promise((resolve) => room.ping(() => resolve()));
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

/**
 * Where a client's decoded world differs from the database, field by field: every territory's
 * live fields and the latest broadcast (the banner is each client's own message, not state). Empty when they are equal.
 */
export async function worldDifferences(sql: Queryable, room: Room): Promise<string[]> {
  const [stored, broadcasts] = await Promise.all([listTerritories(sql), recentBroadcasts(sql)]);
  const state = room.state as WorldState;
  if (!state?.territories) return ['no state received yet'];
  const problems: string[] = [];
  for (const dto of stored) {
    const want = liveFieldsOf(dto);
    const got = state.territories.get(String(dto.id));
    if (!got) {
      problems.push(`territory ${dto.id} is missing`);
      continue;
    }
    for (const [field, value] of Object.entries(want)) {
      const shown = got[field as keyof LiveTerritoryFields];
      if (shown !== value) problems.push(`territory ${dto.id} ${field}: shows ${JSON.stringify(shown)}, stored ${JSON.stringify(value)}`);
    }
  }
  if (state.territories.size !== stored.length) problems.push(`${state.territories.size} territories shown, ${stored.length} stored`);
  if (state.broadcast.id !== (broadcasts[0]?.id ?? 0))
    problems.push(`broadcast ${state.broadcast.id} shown, ${broadcasts[0]?.id ?? 0} is the latest`);
  return problems;
}

/** Waits until the client's world equals the database; resolves with how long that took. */
export async function converged(sql: Queryable, room: Room, what: string, timeoutMs = 10_000): Promise<number> {
  const started = Date.now();
  let last: string[] = [];
  for (;;) {
    last = await worldDifferences(sql, room);
    if (last.length === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not converge: ${last.slice(0, 10).join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
