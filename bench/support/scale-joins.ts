// The target "1,000 clients spread over three processes join within 30 s": three game servers
// on the padded world's database and a redis-server of their own (their shared presence and
// matchmaking), each sent clients once its /api/ready answers 200, as a balancer would. The clients
// are padded players with a session each (a player's join reads its own territories and figures, a
// visitor's does not), a third asked of each process, as a round-robin balancer spreads them; each
// counts as joined when its first state arrives.
import { performance } from 'node:perf_hooks';
import { Client } from '@colyseus/sdk';
import { createSession } from '../../game-server/domain/auth/sessions.ts';
import type { Sql } from '../../game-server/infra/db/database.ts';
import { freshAddress } from '../../game-server/testing/agent.ts';
import { sharedProcessEnvironment } from '../../game-server/testing/game-processes.ts';
import { paddedPlayerId } from '../../game-server/testing/pad-players.ts';
import { PrivateRedis } from '../../game-server/testing/private-redis.ts';
import { isRoomState } from './scale-views.ts';
import { startServer, untilReady, type ServerProcess } from './server-process.ts';

const PROCESSES = 3;
/** Joins under way at once per process: a crowd arriving, not one socket after another. */
const JOIN_CONCURRENCY = 50;
const JOIN_TIMEOUT_MS = 60_000;
const READY_WAIT_MS = 120_000;

export interface SpreadJoin {
  clients: number;
  joined: number;
  failed: number;
  /** From the first join asked to the last first state. */
  ms: number;
  p50Ms: number;
  p99Ms: number;
  /** From starting the first of the three processes, one after another, to all three answering /api/ready with 200. */
  readyMs: number;
  /** The first error a failed join saw. */
  error: string | null;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** One client: joins and resolves with its time to its first state; the room stays open until `leave`. */
async function joinOne(url: string, cookie: string, rooms: { leave(): Promise<unknown> }[]): Promise<number> {
  const client = new Client(url, { headers: { 'x-forwarded-for': freshAddress(), cookie } });
  const started = performance.now();
  const room = await client.joinOrCreate('world');
  rooms.push(room);
  const dispatch = room.connection.events.onmessage!;
  let stateSeen: () => void = () => {};
  const stateArrived = new Promise<void>((resolve) => (stateSeen = resolve));
  let at = 0;
  room.connection.events.onmessage = (event: MessageEvent) => {
    if (at === 0 && isRoomState(new Uint8Array(event.data as ArrayBuffer))) {
      at = performance.now() - started;
      stateSeen();
    }
    dispatch(event);
  };
  room.onMessage('*', () => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    stateArrived,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no state within a minute')), JOIN_TIMEOUT_MS))),
  ]).finally(() => clearTimeout(timer));
  return at;
}

export async function measureSpreadJoin(databaseUrl: string, sql: Sql, env: Record<string, string>, clients: number): Promise<SpreadJoin> {
  const cookies: string[] = [];
  for (let n = 1; n <= clients; n++) cookies.push(`wanakt_session=${await createSession(sql, paddedPlayerId(n), new Date())}`);
  const redis = await PrivateRedis.start();
  const servers: ServerProcess[] = [];
  const rooms: { leave(): Promise<unknown> }[] = [];
  try {
    const shared = sharedProcessEnvironment(databaseUrl, redis.url, env);
    const started = performance.now();
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer('./support/world-server.ts', shared));
    const ready = await Promise.all(servers.map((server) => untilReady(server.url, READY_WAIT_MS)));
    if (ready.includes(false)) throw new Error(`a process did not answer /api/ready with 200 within ${READY_WAIT_MS / 1000} s`);
    const readyMs = performance.now() - started;
    const times: number[] = [];
    let failed = 0;
    let error: string | null = null;
    const began = performance.now();
    await Promise.all(
      servers.map(async (server, process) => {
        const mine = cookies.filter((_, index) => index % PROCESSES === process);
        let next = 0;
        const worker = async () => {
          while (next < mine.length) {
            const cookie = mine[next++]!;
            try {
              times.push(await joinOne(server.url, cookie, rooms));
            } catch (cause) {
              failed++;
              error ??= (cause as Error).message;
            }
          }
        };
        await Promise.all(Array.from({ length: JOIN_CONCURRENCY }, worker));
      }),
    );
    const ms = performance.now() - began;
    return { clients, joined: times.length, failed, ms, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), readyMs, error };
  } finally {
    await Promise.all(rooms.map((room) => room.leave().catch(() => undefined)));
    for (const server of servers) await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await redis.stop();
  }
}
