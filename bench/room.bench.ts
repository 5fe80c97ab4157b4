// npm run bench:room — the live world room under load, beside the floor: a bare Colyseus room
// with the same territories and fields and nothing else, measured in the same run.
//
// For each number of clients, bots join with the real SDK while a driver makes ownership changes
// and pin drags at a steady rate (each at a random moment within its slot, so changes do not lock
// onto the 50 ms patch timer). A hundred bots decode the state and time each change; the others
// only count the bytes they receive (thousands of decoding clients in one process exhaust the
// bots before the server).
//
// Settings (environment): BENCH_CLIENTS (default 100,500,1000,2000), BENCH_SECONDS (mixed-load
// window per level, default 10), BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL maintenance
// database; without one the world runs on the embedded database and its bots are visitors),
// BENCH_BOTS=visitors (bots join without a session even on PostgreSQL: no private figures),
// BENCH_SPREAD_CLIENTS (default 1500: clients of the three-process run; 0 skips it), BENCH_REDIS_URL
// or TEST_REDIS_URL (the Redis of that run; it needs PostgreSQL too).
//
// The three-process run: three game servers on one PostgreSQL and Redis, the clients spread evenly
// over them, ownership changes made through process A, and the delivery timed on the decoding
// bots of process C: from the change's commit to the patch that shows it.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Callbacks, Client, Protocol, type Room } from '@colyseus/sdk';
import { coordinatesOf } from '../schema/rules/territory.ts';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { WANAKT_USER_ID } from '../schema/constants.ts';
import { createSession } from '../game-server/domain/auth/sessions.ts';
import { openPostgres, type Database } from '../game-server/infra/db/database.ts';
import { sharedProcessEnvironment } from '../game-server/testing/game-processes.ts';
import { freshAddress, TestAgent } from '../game-server/testing/agent.ts';
import { adminConnection, databaseUrl } from '../game-server/testing/postgres-admin.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';

const LEVELS = (process.env.BENCH_CLIENTS ?? '100,500,1000,2000').split(',').map(Number);
const WINDOW_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DECODERS = 100;
const OWNER_CHANGES_PER_SECOND = 5;
const PIN_DRAGS_PER_SECOND = 10;
// Ownership changes alone, before the mixed window: what one change costs each client.
const CHANGES_FOR_BYTES = 20;
const JOIN_CONCURRENCY = 50;
const OWNERS = 10;
const WANAKT_PASSWORD = `bench-${randomBytes(6).toString('hex')}`;
const PATCH_CODE_MASK = 31;
const SPREAD_CLIENTS = Number(process.env.BENCH_SPREAD_CLIENTS ?? 1500);

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ---- bots ------------------------------------------------------------------------------------

interface Bot {
  room: Room;
  joinMs: number;
  bytes: number;
  initialStateBytes: number;
  dropped: boolean;
}

type Receipt = (key: string, at: number) => void;

/**
 * One client. A decoding bot applies every frame and reports when it sees an owner change or a
 * pin move; a counting bot only adds up the bytes of the frames it receives.
 */
async function joinBot(url: string, roomName: string, cookie: string | undefined, decoding: Receipt | null): Promise<Bot> {
  // Each bot a browser of its own address, as the per-address join and socket caps expect of real players.
  const client = new Client(url, { headers: { 'x-forwarded-for': freshAddress(), ...(cookie ? { cookie } : {}) } });
  const started = performance.now();
  const room = await client.joinOrCreate(roomName);
  const bot: Bot = { room, joinMs: performance.now() - started, bytes: 0, initialStateBytes: 0, dropped: false };
  const dispatch = room.connection.events.onmessage!;
  room.connection.events.onmessage = (event: MessageEvent) => {
    const frame = new Uint8Array(event.data as ArrayBuffer);
    bot.bytes += frame.byteLength;
    if (bot.initialStateBytes === 0 && (frame[0] & PATCH_CODE_MASK) === Protocol.ROOM_STATE) bot.initialStateBytes = frame.byteLength;
    if (decoding) dispatch(event);
  };
  room.onLeave(() => (bot.dropped = true));
  if (decoding) {
    // A player's own figures arrive as a message; the browser keeps them, the bot has no use for them.
    room.onMessage('figures', () => {});
    const $ = Callbacks.get(room);
    $.onAdd('territories', (territory: any) => {
      $.listen(territory, 'ownerId', (owner: string) => decoding(`${territory.id}:${owner}`, now()), false);
      $.listen(territory, 'longitude', (longitude: number) => decoding(`${territory.id}@${longitude}`, now()), false);
    });
  }
  return bot;
}

async function joinAll(count: number, join: (index: number) => Promise<Bot>): Promise<{ bots: Bot[]; failures: number }> {
  const bots: Bot[] = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      try {
        bots.push(await join(index));
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(JOIN_CONCURRENCY, count) }, worker));
  return { bots, failures };
}

/** Runs `act` `rate` times a second for `seconds`, each at a random moment within its slot. */
async function steady(rate: number, seconds: number, act: (index: number) => void): Promise<void> {
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    await sleep(start + ((i + Math.random()) * 1000) / rate - performance.now());
    act(i);
  }
}

// ---- what a room under test must offer -------------------------------------------------------

interface Target {
  name: 'world' | 'floor';
  server: ServerProcess;
  roomName: string;
  cookieOf(index: number): string | undefined;
  /** Changes the owner; resolves with the change's key. */
  changeOwner(index: number): string;
  /** Moves the dragged pin; resolves with the move's key. */
  movePin(index: number): string;
  /** Server timestamps of the ownership changes made since `since`, by key. */
  ownerStamps(since: number, local: Map<string, number>): Promise<Map<string, number>>;
  prepare(): Promise<void>;
  release(): Promise<void>;
}

interface Row {
  target: string;
  clients: number;
  joined: number;
  joinP50: number;
  joinP99: number;
  ownerP50: number;
  ownerP99: number;
  dragP50: number;
  dragP99: number;
  bytesPerClientSecond: number;
  bytesPerChange: number;
  initialStateBytes: number;
  cpuPercent: number;
  eventLoopP99Ms: number;
  dropped: number;
  botCpuPercent: number;
}

async function measure(target: Target, clients: number, counter: { owner: number; pin: number }): Promise<Row> {
  await target.prepare();
  const receipts = new Map<string, number[]>();
  const receipt: Receipt = (key, at) => {
    const list = receipts.get(key);
    if (list) list.push(at);
    else receipts.set(key, [at]);
  };
  const decoders = Math.min(DECODERS, clients);
  const { bots } = await joinAll(clients, (index) =>
    joinBot(target.server.url, target.roomName, target.cookieOf(index), index < decoders ? receipt : null),
  );
  await sleep(2000);

  // Ownership changes alone: the bytes one change costs each client.
  const beforeChanges = bots.reduce((sum, bot) => sum + bot.bytes, 0);
  await steady(OWNER_CHANGES_PER_SECOND, CHANGES_FOR_BYTES / OWNER_CHANGES_PER_SECOND, () => target.changeOwner(counter.owner++));
  await sleep(1000);
  const bytesPerChange = (bots.reduce((sum, bot) => sum + bot.bytes, 0) - beforeChanges) / bots.length / CHANGES_FOR_BYTES;

  // The mixed window: ownership changes and pin drags together.
  receipts.clear();
  const sentPins = new Map<string, number>();
  const sentOwners = new Map<string, number>();
  const windowStart = now();
  await target.server.ask({ type: 'reset' });
  const botCpu = process.cpuUsage();
  const beforeWindow = bots.reduce((sum, bot) => sum + bot.bytes, 0);
  const windowStarted = performance.now();
  await Promise.all([
    steady(OWNER_CHANGES_PER_SECOND, WINDOW_SECONDS, () => sentOwners.set(target.changeOwner(counter.owner++), now())),
    steady(PIN_DRAGS_PER_SECOND, WINDOW_SECONDS, () => sentPins.set(target.movePin(counter.pin++), now())),
  ]);
  await sleep(500);
  const stats = (await target.server.ask({ type: 'stats' }))!;
  const elapsedSeconds = (performance.now() - windowStarted) / 1000;
  const botCpuUsed = process.cpuUsage(botCpu);
  const bytesPerClientSecond = (bots.reduce((sum, bot) => sum + bot.bytes, 0) - beforeWindow) / bots.length / elapsedSeconds;

  const stamps = await target.ownerStamps(windowStart, sentOwners);
  const latencies = (sent: Map<string, number>) =>
    [...sent.keys()].flatMap((key) => {
      const at = sent.get(key)!;
      return (receipts.get(key) ?? []).map((received) => received - at);
    });
  const ownerLatency = latencies(stamps);
  const dragLatency = latencies(sentPins);
  const dropped = bots.filter((bot) => bot.dropped).length;

  await Promise.all(bots.map((bot) => bot.room.leave().catch(() => undefined)));
  await target.release();
  await sleep(1500);
  return {
    target: target.name,
    clients,
    joined: bots.length,
    joinP50: percentile(
      bots.map((bot) => bot.joinMs),
      50,
    ),
    joinP99: percentile(
      bots.map((bot) => bot.joinMs),
      99,
    ),
    ownerP50: percentile(ownerLatency, 50),
    ownerP99: percentile(ownerLatency, 99),
    dragP50: percentile(dragLatency, 50),
    dragP99: percentile(dragLatency, 99),
    bytesPerClientSecond,
    bytesPerChange,
    initialStateBytes: percentile(
      bots.map((bot) => bot.initialStateBytes),
      50,
    ),
    cpuPercent: stats.cpuPercent,
    eventLoopP99Ms: stats.eventLoopP99Ms,
    dropped,
    botCpuPercent: ((botCpuUsed.user + botCpuUsed.system) / 1000 / (elapsedSeconds * 1000)) * 100,
  };
}

// ---- the run ---------------------------------------------------------------------------------

async function openBenchDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  const name = `wanakt_bench_${randomBytes(4).toString('hex')}`;
  const admin = adminConnection(adminUrl);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  return {
    url,
    drop: async () => {
      const cleanup = adminConnection(adminUrl);
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Players straight in the database, each with a session: what logged-in bots present. */
async function createPlayers(database: Database, count: number): Promise<{ ids: string[]; cookies: string[] }> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const rows = ids.map((id, index) => ({ id, username: `bench-${index}`, password_hash: 'no-login' }));
  for (let i = 0; i < rows.length; i += 500) await database.sql`insert into users ${database.sql(rows.slice(i, i + 500))}`;
  const cookies: string[] = [];
  for (const id of ids) cookies.push(`wanakt_session=${await createSession(database.sql, id, new Date())}`);
  return { ids, cookies };
}

/** Who receives the territories in turn: the same ids and names in the world and in the floor. */
interface Owners {
  ids: string[];
  names: string[];
}

function worldTarget(
  server: ServerProcess,
  database: Database | null,
  cookies: string[] | null,
  owners: Owners,
  territories: TerritoryDto[],
  pinId: number,
): Target {
  const wanakt = new TestAgent(server.url);
  let dragger: Room | null = null;
  const ownerStampsFromAnswers = new Map<string, number>();
  return {
    name: 'world',
    server,
    roomName: 'world',
    cookieOf: (index) => cookies?.[index],
    changeOwner(index) {
      const territory = territories[index % territories.length];
      const owner = owners.ids[Math.floor(index / territories.length) % owners.ids.length];
      const key = `${territory.id}:${owner}`;
      void wanakt.post(`/api/territories/${territory.id}/assign`, { userId: owner, price: 0 }).then((answer) => {
        if (answer.status !== 200) console.error(`assign failed: ${answer.status} ${JSON.stringify(answer.body)}`);
        ownerStampsFromAnswers.set(key, now());
      });
      return key;
    },
    movePin(index) {
      const x = 100 + ((index * 7.3) % 800);
      dragger!.send('pin.drag', { territoryId: pinId, x, y: 300 });
      return `${pinId}@${coordinatesOf(x, 300).longitude}`;
    },
    async ownerStamps(since) {
      if (!database) return ownerStampsFromAnswers;
      const rows = await database.sql<{ territory_id: number; to_owner_id: string; at: number }[]>`
        select territory_id, to_owner_id, extract(epoch from created_at)::float8 * 1000 as at
          from ownership_changes where created_at >= to_timestamp(${since / 1000})`;
      return new Map(rows.map((row) => [`${row.territory_id}:${row.to_owner_id}`, row.at]));
    },
    async prepare() {
      if ((await wanakt.post('/api/auth/login', { username: 'wanakt', password: WANAKT_PASSWORD })).status !== 200)
        throw new Error('The Wanakt could not log in');
      dragger = await new Client(server.url, { headers: { cookie: wanakt.cookieHeader } }).joinOrCreate('world');
      dragger.onMessage('figures', () => {});
    },
    async release() {
      await dragger?.leave();
    },
  };
}

function floorTarget(server: ServerProcess, owners: Owners, territories: TerritoryDto[], pinId: number): Target {
  let driver: Room | null = null;
  return {
    name: 'floor',
    server,
    roomName: 'floor',
    cookieOf: () => undefined,
    changeOwner(index) {
      const territory = territories[index % territories.length];
      const owner = Math.floor(index / territories.length) % owners.ids.length;
      driver!.send('owner', { territoryId: territory.id, ownerId: owners.ids[owner], ownerName: owners.names[owner] });
      return `${territory.id}:${owners.ids[owner]}`;
    },
    movePin(index) {
      const x = 100 + ((index * 7.3) % 800);
      driver!.send('drag', { territoryId: pinId, x, y: 300 });
      return `${pinId}@${coordinatesOf(x, 300).longitude}`;
    },
    async ownerStamps() {
      const stats = await server.ask({ type: 'stats' });
      return new Map(Object.entries(stats!.extra as Record<string, number>));
    },
    async prepare() {
      driver = await new Client(server.url).joinOrCreate('floor');
    },
    async release() {
      await driver?.leave();
    },
  };
}

const format = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function printTable(rows: Row[]): void {
  const header = [
    'room',
    'clients',
    'joined',
    'join p50/p99 ms',
    'owner change p50/p99 ms',
    'pin drag p50/p99 ms',
    'B/client/s',
    'B/change/client',
    'initial B',
    'server CPU %',
    'loop p99 ms',
    'dropped',
    'bots CPU %',
  ];
  const lines = rows.map((row) => [
    row.target,
    String(row.clients),
    `${row.joined}/${row.clients}`,
    `${format(row.joinP50)}/${format(row.joinP99)}`,
    `${format(row.ownerP50, 1)}/${format(row.ownerP99, 1)}`,
    `${format(row.dragP50, 1)}/${format(row.dragP99, 1)}`,
    format(row.bytesPerClientSecond),
    format(row.bytesPerChange, 1),
    format(row.initialStateBytes),
    format(row.cpuPercent, 1),
    format(row.eventLoopP99Ms, 1),
    String(row.dropped),
    format(row.botCpuPercent, 0),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const print = (cells: string[]) => console.log(`| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`);
  print(header);
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  lines.forEach(print);

  console.log('\nThe game against the floor (targets: CPU ≤ 1.3×, bytes per change ≤ 1×, p99 ≤ floor + 20 ms, no client dropped):');
  for (const clients of LEVELS) {
    const world = rows.find((row) => row.target === 'world' && row.clients === clients);
    const floor = rows.find((row) => row.target === 'floor' && row.clients === clients);
    if (!world || !floor) continue;
    console.log(
      `  ${clients} clients: CPU ${format(world.cpuPercent / floor.cpuPercent, 2)}×, bytes per change ${format(world.bytesPerChange / floor.bytesPerChange, 2)}×, ` +
        `owner-change p99 ${format(world.ownerP99 - floor.ownerP99, 1)} ms over the floor, dropped ${world.dropped}`,
    );
  }
}

/**
 * Three world processes sharing the bench database and a Redis database of their own; a command on
 * A, timed to the decoding clients of C. Prints one line; the processes stop before it returns.
 */
async function spreadOverThreeProcesses(
  databaseUrl: string,
  redisUrl: string,
  connection: Database,
  players: { cookies: string[] },
  owners: Owners,
  territories: TerritoryDto[],
  counter: { owner: number },
): Promise<void> {
  // PAYMENTS comes with it: a process on PostgreSQL refuses to start without a payment provider.
  const env = sharedProcessEnvironment(databaseUrl, redisUrl, { WANAKT_PASSWORD, BANNER_SECONDS: '60', LOG_LEVEL: 'warn' });
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < 3; i++) servers.push(await startServer('./support/world-server.ts', env));
    const [a, , c] = servers;
    const target = worldTarget(a, connection, null, owners, territories, territories[0].id);
    await target.prepare();
    const receipts = new Map<string, number[]>();
    const receipt: Receipt = (key, at) => receipts.set(key, [...(receipts.get(key) ?? []), at]);
    const perProcess = Math.floor(SPREAD_CLIENTS / 3);
    const joined = await Promise.all(
      servers.map((server, process) =>
        joinAll(perProcess, (index) =>
          joinBot(server.url, 'world', players.cookies[process * perProcess + index], server === c && index < DECODERS ? receipt : null),
        ),
      ),
    );
    const bots = joined.flatMap((result) => result.bots);
    await sleep(2000);
    const windowStart = now();
    const sent = new Map<string, number>();
    await steady(OWNER_CHANGES_PER_SECOND, WINDOW_SECONDS, () => sent.set(target.changeOwner(counter.owner++), now()));
    await sleep(1000);
    const stamps = await target.ownerStamps(windowStart, sent);
    const latencies = [...stamps].flatMap(([key, at]) => (receipts.get(key) ?? []).map((received) => received - at));
    const missing = [...stamps.keys()].filter((key) => !receipts.has(key)).length;
    const dropped = bots.filter((bot) => bot.dropped).length;
    console.log(
      `\nThree processes (Redis), ${bots.length}/${perProcess * 3} clients joined (${perProcess} a process): ownership changes made on A reached the ${Math.min(DECODERS, perProcess)} decoding clients on C ` +
        `p50 ${format(percentile(latencies, 50), 1)} ms, p99 ${format(percentile(latencies, 99), 1)} ms after their commit; ` +
        `${stamps.size} changes, ${missing} never seen on C, ${dropped} clients dropped, ${joined.reduce((sum, result) => sum + result.failures, 0)} joins failed.`,
    );
    await Promise.all(bots.map((bot) => bot.room.leave().catch(() => undefined)));
    await target.release();
  } finally {
    for (const server of servers) await server.stop();
  }
}

const database = await openBenchDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'wanakt-bench-'));
let world: ServerProcess | null = null;
let floor: ServerProcess | null = null;
let connection: Database | null = null;
try {
  world = await startServer('./support/world-server.ts', {
    ...(database.url ? { DATABASE_URL: database.url, PAYMENTS: 'sandbox' } : { DATA_DIR: dataDir }),
    WANAKT_PASSWORD,
    BANNER_SECONDS: '60',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
  });
  floor = await startServer('./support/floor-server.ts', { WORLD_URL: world.url });
  connection = database.url ? await openPostgres(database.url, { max: 2 }) : null;
  const players = connection ? await createPlayers(connection, Math.max(...LEVELS, OWNERS, SPREAD_CLIENTS)) : null;
  const botsArePlayers = players !== null && process.env.BENCH_BOTS !== 'visitors';
  const all = (await (await fetch(`${world.url}/api/territories`)).json()) as TerritoryDto[];
  // The realm's own territories (the Wanakt's seat, the wonders) never change hands.
  const territories = all.filter((territory) => territory.owner_id !== WANAKT_USER_ID);
  const pinId = territories[0].id;
  const owners: Owners = players
    ? { ids: players.ids.slice(0, OWNERS), names: players.ids.slice(0, OWNERS).map((_, index) => `bench-${index}`) }
    : { ids: Array.from({ length: OWNERS }, () => randomUUID()), names: Array.from({ length: OWNERS }, (_, index) => `bench-${index}`) };
  console.log(
    `World on ${database.url ? 'PostgreSQL' : 'the embedded database'}, bots ${botsArePlayers ? 'logged in as players (each sent its own figures)' : 'joining as visitors'}; ` +
      `${all.length} territories (${territories.length} change hands); ${OWNER_CHANGES_PER_SECOND} ownership changes and ${PIN_DRAGS_PER_SECOND} pin drags a second; ` +
      `${Math.min(DECODERS, Math.min(...LEVELS))}–${DECODERS} decoding bots, the rest counting bytes.`,
  );
  // One count of changes for both rooms, so every change gives a territory an owner it did not
  // have. The floor goes first at each level: it starts from the world as stored, and so does the
  // world after it (the floor's changes are not stored).
  const counter = { owner: 0, pin: 0 };
  const rows: Row[] = [];
  for (const clients of LEVELS) {
    rows.push(await measure(floorTarget(floor, owners, territories, pinId), clients, counter));
    console.log(`  measured the floor with ${clients} clients`);
    rows.push(
      await measure(worldTarget(world, connection, botsArePlayers ? players!.cookies : null, owners, territories, pinId), clients, counter),
    );
    console.log(`  measured the world with ${clients} clients`);
  }
  console.log('');
  printTable(rows);
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (SPREAD_CLIENTS > 0 && redisUrl && database.url && connection && players) {
    await spreadOverThreeProcesses(database.url, redisUrl, connection, players, owners, territories, counter);
  } else if (SPREAD_CLIENTS > 0) {
    console.log(
      '\nThe three-process run needs PostgreSQL and Redis (BENCH_DATABASE_URL or TEST_DATABASE_URL, BENCH_REDIS_URL or TEST_REDIS_URL).',
    );
  }
} finally {
  await connection?.close();
  await world?.stop();
  await floor?.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
