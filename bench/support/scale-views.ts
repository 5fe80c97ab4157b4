// What a visitor's first view of a padded world costs, and what a change costs each client, with
// the game server in a process of its own: bytes and time of the REST call and of
// the room's first state, for the home view and over one city; the bytes each client receives per
// change inside and outside its view; the server's resident memory before and after the first
// visitors. Works with today's calls and picks up the box view calls when the server has
// them: the REST call by its `zoom` parameter in the OpenAPI document, the room by the view message
// in schema/state/messages.ts.
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Client, Protocol, type Room } from '@colyseus/sdk';
import type { BoundingBox } from '../../schema/rules/viewport.ts';
import { freshAddress, TestAgent } from '../../game-server/testing/agent.ts';
import { paddedPlayerId } from '../../game-server/testing/pad-players.ts';
import type { Sql } from '../../game-server/infra/db/database.ts';
import type { ServerProcess } from './server-process.ts';

const PATCH_CODE_MASK = 31;

/** Whether a room frame is the room's whole state (its first), by Colyseus's message code. */
export const isRoomState = (frame: Uint8Array) => (frame[0]! & PATCH_CODE_MASK) === Protocol.ROOM_STATE;
/** How long a first view may take before it counts as never answered. */
const VIEW_TIMEOUT_MS = 120_000;
/** Clients per view when counting the bytes of a change. */
const WATCHERS = 10;
const CHANGES = 10;

export const HOME_BOX: BoundingBox = { minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90 };
/**
 * One city as the map shows it closest (MAX_ZOOM, 64: a 64th of the world's width): Vienna, in a box
 * of 5.6 by 2.8 degrees around it.
 */
export const CITY_BOX: BoundingBox = { minLongitude: 13.56, minLatitude: 46.8, maxLongitude: 19.19, maxLatitude: 49.6 };
/** The zooms the map shows these boxes at: the whole world at 1, the city at the closest. */
const ZOOM = { home: 1, city: 64 };

export interface FirstView {
  /** Bytes on the wire (brotli where the server compresses), or null when it never answered. */
  bytes: number | null;
  ms: number | null;
  what: string;
}

export interface ViewFigures {
  rest: { home: FirstView; city: FirstView };
  room: { home: FirstView; city: FirstView };
  /** Bytes each client received per change, for changes inside and outside the view it holds. */
  perChange: { inside: number | null; outside: number | null };
  rssAfterStartMb: number | null;
  rssAfterVisitorsMb: number | null;
}

const boxParam = (box: BoundingBox) => `${box.minLongitude},${box.minLatitude},${box.maxLongitude},${box.maxLatitude}`;

/** One GET as a browser sends it, counting the bytes on the wire (before decompression). */
function wireGet(url: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { 'accept-encoding': 'br, gzip', 'x-forwarded-for': freshAddress() } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }));
      response.on('error', reject);
    });
    call.setTimeout(VIEW_TIMEOUT_MS, () => call.destroy(new Error('timed out')));
    call.on('error', reject);
    call.end();
  });
}

/** Whether the server answers `GET /api/territories?bbox=…&zoom=…` (the map's box view call). */
async function hasZoomedCall(url: string): Promise<boolean> {
  const response = await fetch(`${url}/api/openapi.json`, { headers: { 'x-forwarded-for': freshAddress() } });
  const document = (await response.json()) as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
  return (document.paths['/api/territories']?.get?.parameters ?? []).some((parameter) => parameter.name === 'zoom');
}

async function restView(url: string, where: 'home' | 'city', zoomed: boolean): Promise<FirstView> {
  const box = where === 'home' ? HOME_BOX : CITY_BOX;
  const path = zoomed
    ? `/api/territories?bbox=${boxParam(box)}&zoom=${ZOOM[where]}`
    : where === 'home'
      ? '/api/territories'
      : `/api/territories?bbox=${boxParam(box)}`;
  try {
    const answer = await wireGet(`${url}${path}`);
    if (answer.status !== 200) return { bytes: null, ms: null, what: `${path} answered ${answer.status}` };
    return { bytes: answer.bytes, ms: answer.ms, what: path };
  } catch (error) {
    return { bytes: null, ms: null, what: `${path}: ${(error as Error).message}` };
  }
}

/** The room's view message, when schema/state/messages.ts has one: what a client sends as its map settles. */
async function viewMessage(box: BoundingBox, zoom: number): Promise<{ type: string; [key: string]: unknown } | null> {
  const messages: Record<string, unknown> = await import('../../schema/state/messages.ts');
  const schema = messages.ViewBox as { safeParse(value: unknown): { success: boolean; data?: unknown } } | undefined;
  if (!schema) return null;
  for (const candidate of [
    { type: 'view.box', box, zoom },
    { type: 'view.box', ...box, zoom },
  ]) {
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return parsed.data as { type: string };
  }
  return null;
}

interface Watcher {
  room: Room;
  bytes: number;
  firstStateBytes: number;
  firstStateMs: number;
}

/** A visitor joining the room; with a view message, it then says where its map looks. */
async function joinWatcher(url: string, view: { type: string } | null): Promise<Watcher> {
  const client = new Client(url, { headers: { 'x-forwarded-for': freshAddress() } });
  const started = performance.now();
  let stateSeen: () => void = () => {};
  const stateArrived = new Promise<void>((resolve) => (stateSeen = resolve));
  const room = await client.joinOrCreate('world');
  const watcher: Watcher = { room, bytes: 0, firstStateBytes: 0, firstStateMs: 0 };
  const dispatch = room.connection.events.onmessage!;
  room.connection.events.onmessage = (event: MessageEvent) => {
    const frame = new Uint8Array(event.data as ArrayBuffer);
    watcher.bytes += frame.byteLength;
    if (watcher.firstStateMs === 0 && isRoomState(frame)) {
      watcher.firstStateMs = performance.now() - started;
      stateSeen();
    }
    dispatch(event);
  };
  room.onMessage('*', () => {});
  await Promise.race([stateArrived, new Promise((_, reject) => setTimeout(() => reject(new Error('no state')), VIEW_TIMEOUT_MS))]);
  if (view) {
    room.send(view.type, view);
    // The view's territories arrive in the patches after it: the first view is what came in the first second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  watcher.firstStateBytes = watcher.bytes;
  return watcher;
}

async function roomView(url: string, where: 'home' | 'city'): Promise<{ view: FirstView; watcher: Watcher | null }> {
  const message = await viewMessage(where === 'home' ? HOME_BOX : CITY_BOX, ZOOM[where]);
  const what = message ? `join, then ${message.type}` : 'join (the whole world)';
  try {
    const watcher = await joinWatcher(url, message);
    return { view: { bytes: watcher.firstStateBytes, ms: watcher.firstStateMs, what }, watcher };
  } catch (error) {
    return { view: { bytes: null, ms: null, what: `${what}: ${(error as Error).message}` }, watcher: null };
  }
}

async function rssMb(server: ServerProcess): Promise<number | null> {
  const stats = await Promise.race([server.ask({ type: 'stats' }), new Promise<undefined>((resolve) => setTimeout(resolve, 10_000))]);
  const extra = stats?.extra as { rssBytes?: number } | undefined;
  return extra?.rssBytes === undefined ? null : extra.rssBytes / 1e6;
}

/** A territory a change can be made to: inside the city's box, or far from it (the southern hemisphere). */
async function changeable(sql: Sql, inside: boolean): Promise<number[]> {
  const box = CITY_BOX;
  const rows = await sql<{ id: number }[]>`
    select id from territories
     where type not in ('wanakt', 'wonder')
       and ${
         inside
           ? sql`longitude between ${box.minLongitude} and ${box.maxLongitude} and latitude between ${box.minLatitude} and ${box.maxLatitude}`
           : sql`latitude < -20`
       }
     order by id limit ${CHANGES}`;
  return rows.map((row) => row.id);
}

/** The bytes each watcher of the city received per ownership change, made by the Wanakt through the API. */
async function bytesPerChange(url: string, sql: Sql, wanaktPassword: string, watchers: Watcher[], inside: boolean): Promise<number | null> {
  const ids = await changeable(sql, inside);
  if (ids.length === 0 || watchers.length === 0) return null;
  const wanakt = new TestAgent(url);
  const login = await wanakt.post('/api/auth/login', { username: 'wanakt', password: wanaktPassword });
  if (login.status !== 200) throw new Error(`The Wanakt could not log in: ${login.status}`);
  // The wait is the measurement's start: the login's own patches land before the bytes are counted.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = watchers.reduce((sum, watcher) => sum + watcher.bytes, 0);
  for (const [index, id] of ids.entries()) {
    const answer = await wanakt.post(`/api/territories/${id}/assign`, { userId: paddedPlayerId(1 + index), price: 0 });
    if (answer.status !== 200) throw new Error(`assign answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  // The wait is the measurement window: the bytes the changes cost are those that came within 1.5 s.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return (watchers.reduce((sum, watcher) => sum + watcher.bytes, 0) - before) / watchers.length / ids.length;
}

export async function measureViews(server: ServerProcess, sql: Sql, wanaktPassword: string): Promise<ViewFigures> {
  const url = server.url;
  const rssAfterStartMb = await rssMb(server);
  const zoomed = await hasZoomedCall(url);
  const rest = { home: await restView(url, 'home', zoomed), city: await restView(url, 'city', zoomed) };
  const home = await roomView(url, 'home');
  const city = await roomView(url, 'city');
  const watchers = [city.watcher].filter((watcher) => watcher !== null);
  const message = await viewMessage(CITY_BOX, ZOOM.city);
  for (let i = watchers.length; i < WATCHERS && watchers.length > 0; i++) {
    try {
      watchers.push(await joinWatcher(url, message));
    } catch {
      break;
    }
  }
  const rssAfterVisitorsMb = await rssMb(server);
  let perChange: ViewFigures['perChange'] = { inside: null, outside: null };
  try {
    perChange = {
      inside: await bytesPerChange(url, sql, wanaktPassword, watchers, true),
      outside: await bytesPerChange(url, sql, wanaktPassword, watchers, false),
    };
  } catch (error) {
    console.log(`  the changes could not be made: ${(error as Error).message}`);
  }
  await Promise.all([home.watcher, ...watchers].map((watcher) => watcher?.room.leave().catch(() => undefined)));
  return { rest, room: { home: home.view, city: city.view }, perChange, rssAfterStartMb, rssAfterVisitorsMb };
}
