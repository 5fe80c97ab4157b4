// The world at scale: 204 territories (the seeded world), 100,000 and 1,000,000, each on
// a fresh database of a real PostgreSQL server padded by SQL (game-server/testing/pad-world.ts) with
// 100,000 players who hold balances and half the land (pad-players.ts). For each size: the jobs'
// durations and the memory they took (bench/support/scale-jobs.ts); then the game server in a
// process of its own, sent its first visitor once /api/ready answers 200: a visitor's first view at
// the home view and over one city, the bytes each client receives per change inside and outside its
// view, and the server's memory (bench/support/scale-views.ts); the map's frames with the camera
// moving (map-frames.ts); then 1,000 clients joining three processes at once (scale-joins.ts).
// Figures are given beside the 204 world's, measured in the same run, as ratios.
//
// Run: npm exec -- node bench/scale.bench.ts [--million] [--only=jobs|views]
//   --million adds the 1,000,000 world (about ten minutes more; `npm run bench` passes it).
//   SCALE_JOB_BUDGET_S=120 stops a batched job (rent cycle, earnings) after that long and projects
//   its duration from its pace. SCALE_SIZES=204,100000 names the sizes instead; TEST_DATABASE_URL names the server's
//   maintenance database (a database is created there for each size and dropped afterwards).
//   SCALE_JOIN_CLIENTS=1000 the clients of the three-process join (0 leaves it out).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { performance } from 'node:perf_hooks';
import { migrate } from '../game-server/infra/db/migrate.ts';
import type { Database, Sql } from '../game-server/infra/db/database.ts';
import { seed } from '../game-server/domain/seed/seed.ts';
import { padPlayers } from '../game-server/testing/pad-players.ts';
import { padWorld } from '../game-server/testing/pad-world.ts';
import { MAP_FRAMES_LIMIT_MS, MAP_HUNG, measureMapFrames, percentile } from './support/map-frames.ts';
import { measureJobs, vacuumAnalyze, type JobTiming } from './support/scale-jobs.ts';
import { measureViews, type FirstView, type ViewFigures } from './support/scale-views.ts';
import { measureSpreadJoin, type SpreadJoin } from './support/scale-joins.ts';
import { markClockworkDone } from './support/clockwork.ts';
import { openScratchDatabase } from './support/scratch-database.ts';
import { startServer, untilReady, type ServerProcess } from './support/server-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PLAYERS = Number(process.env.SCALE_PLAYERS ?? 100_000);
const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const SIZES = process.env.SCALE_SIZES
  ? process.env.SCALE_SIZES.split(',').map(Number)
  : [204, 100_000, ...(args.includes('--million') ? [1_000_000] : [])];
/** Clients of the three-process join (1,000 within 30 s); 0 leaves it out. */
const SPREAD_CLIENTS = Number(process.env.SCALE_JOIN_CLIENTS ?? 1000);
const JOB_BUDGET_MS = process.env.SCALE_JOB_BUDGET_S ? Number(process.env.SCALE_JOB_BUDGET_S) * 1000 : undefined;
const WANAKT_PASSWORD = `bench-${randomBytes(6).toString('hex')}`;
// A server that would grow past this is reported gone rather than left to take the machine's memory.
const SERVER_HEAP_MB = 3072;

/** The map's frame interval p50 with the camera moving, and the same for the empty stage (the floor); null when the map never painted. */
interface Frames {
  worldMs: number | null;
  floorMs: number | null;
  markers: number | null;
  /** Whether the world's measurement was cut off by its time limit (map-frames.ts). */
  hung: boolean;
}

interface SizeResult {
  territories: number;
  padMs: number;
  jobs: JobTiming[];
  views: ViewFigures | null;
  frames: Frames | null;
  startMs: number | null;
  readyMs: number | null;
  spread: SpreadJoin | null;
}

const CLIENT_BUILT = existsSync(join(import.meta.dirname, '..', 'dist', 'client', 'index.html'));
// Launched at the first map measured, shared by the sizes after it.
const chromium: { browser: Browser | null } = { browser: null };

/** The map at the home view with the camera moving on every frame, beside the empty stage; skipped without a built client. */
async function mapFrames(url: string): Promise<Frames | null> {
  if (!CLIENT_BUILT) return null;
  const browser = (chromium.browser ??= await launchBrowser());
  const interval = async (query: string) => {
    try {
      const measured = await measureMapFrames(browser, `${url}/${query}`);
      return { ms: percentile(measured.frames.interval, 50), markers: measured.markers, hung: false };
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]!;
      console.log(`  the map (${query}) did not paint: ${message}`);
      return { ms: null, markers: null, hung: message.startsWith(MAP_HUNG) };
    }
  };
  const floor = await interval('?stage=empty');
  const world = await interval('?frames');
  return { worldMs: world.ms, floorMs: floor.ms, markers: world.markers, hung: world.hung };
}

async function padded(sql: Sql, territories: number, now: Date): Promise<number> {
  const started = performance.now();
  await migrate(sql);
  await seed(sql, { wanaktPassword: WANAKT_PASSWORD, includeDemo: false, now });
  await padWorld(sql, territories);
  await padPlayers(sql, { players: PLAYERS, ownedShare: 0.5, listedShare: 0.1 });
  await vacuumAnalyze(sql);
  return performance.now() - started;
}

async function stopWithin(server: ServerProcess, ms: number): Promise<void> {
  await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, ms))]);
}

/** How long the bench waits for a started server to say it is ready before it measures it anyway. */
const READY_WAIT_MS = 120_000;

interface ServerFigures {
  views: ViewFigures | null;
  frames: Frames | null;
  /** From the start of the process to its listening, and to its /api/ready answering 200. */
  startMs: number | null;
  readyMs: number | null;
}

/** The environment of a benchmarked game server, beside its database. */
const SERVER_ENV = {
  PAYMENTS: 'sandbox',
  WANAKT_PASSWORD,
  BANNER_SECONDS: '60',
  LOG_LEVEL: 'error',
  TRUST_PROXY: 'loopback',
  NODE_OPTIONS: `--max-old-space-size=${SERVER_HEAP_MB}`,
};

async function serverViews(database: Database): Promise<ServerFigures> {
  const started = performance.now();
  let server: ServerProcess;
  try {
    server = await startServer('./support/world-server.ts', { DATABASE_URL: database.url!, ...SERVER_ENV });
  } catch (error) {
    console.log(`  the server did not start: ${(error as Error).message}`);
    return { views: null, frames: null, startMs: null, readyMs: null };
  }
  const startMs = performance.now() - started;
  const ready = await untilReady(server.url, READY_WAIT_MS);
  const readyMs = ready ? performance.now() - started : null;
  if (!ready) console.log(`  /api/ready did not answer 200 within ${READY_WAIT_MS / 1000} s: measured anyway`);
  try {
    const views = await measureViews(server, database.sql, WANAKT_PASSWORD);
    return { views, frames: await mapFrames(server.url), startMs, readyMs };
  } finally {
    await stopWithin(server, 20_000);
  }
}

async function spreadJoin(database: Database): Promise<SpreadJoin | null> {
  if (SPREAD_CLIENTS === 0) return null;
  try {
    return await measureSpreadJoin(database.url!, database.sql, SERVER_ENV, SPREAD_CLIENTS);
  } catch (error) {
    console.log(`  the three-process join could not run: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}

async function measureSize(territories: number): Promise<SizeResult> {
  const database = await openScratchDatabase(ADMIN_URL, { max: 4 });
  const now = new Date();
  try {
    const padMs = await padded(database.sql, territories, now);
    const [{ count }] = await database.sql<{ count: number }[]>`select count(*)::int as count from territories`;
    console.log(
      `${count.toLocaleString('en-US')} territories and ${PLAYERS.toLocaleString('en-US')} players padded in ${(padMs / 1000).toFixed(1)} s`,
    );
    const jobs = only === 'views' ? [] : await measureJobs(database.sql, now, PLAYERS, JOB_BUDGET_MS);
    await markClockworkDone(database.sql, now);
    const { views, frames, startMs, readyMs } =
      only === 'jobs' ? { views: null, frames: null, startMs: null, readyMs: null } : await serverViews(database);
    const spread = only === 'jobs' ? null : await spreadJoin(database);
    return { territories: count, padMs, jobs, views, frames, startMs, readyMs, spread };
  } finally {
    await database.close();
  }
}

// ---- the tables ------------------------------------------------------------------------------

const kB = (bytes: number | null) =>
  bytes === null
    ? 'never'
    : bytes < 1000
      ? `${bytes.toFixed(0)} B`
      : bytes < 10_000
        ? `${(bytes / 1000).toFixed(2)} kB`
        : `${Math.round(bytes / 1000).toLocaleString('en-US')} kB`;
const ms = (value: number | null) =>
  value === null ? '–' : value < 100 ? `${value.toFixed(1)} ms` : `${Math.round(value).toLocaleString('en-US')} ms`;
const ratio = (value: number | null | undefined, base: number | null | undefined) =>
  value === null || value === undefined || !base ? '' : ` (${(value / base).toFixed(2)}×)`;

function printTable(title: string, header: string[], lines: string[][]): void {
  console.log(`\n${title}`);
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i].length)));
  const print = (cells: string[]) => console.log(`| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`);
  print(header);
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  lines.forEach(print);
}

function printJobs(results: SizeResult[]): void {
  const jobs = results.find((result) => result.jobs.length > 0)?.jobs.map((timing) => timing.job) ?? [];
  if (jobs.length === 0) return;
  const base = results[0];
  printTable(
    'Jobs and reads: duration (× the 204 world) and the memory this process grew by while it ran',
    ['job', ...results.map((result) => `${result.territories.toLocaleString('en-US')} territories`), 'at the largest'],
    jobs.map((job) => {
      const cells = results.map((result) => {
        const timing = result.jobs.find((entry) => entry.job === job);
        const baseTiming = base.jobs.find((entry) => entry.job === job);
        if (!timing) return '–';
        const duration = `${timing.projected ? 'about ' : ''}${ms(timing.ms)}${result === base ? '' : ratio(timing.ms, baseTiming?.ms)}`;
        return `${duration}, +${Math.round(timing.peakMb)} MB`;
      });
      return [job, ...cells, results.at(-1)!.jobs.find((entry) => entry.job === job)?.detail ?? ''];
    }),
  );
}

function printViews(results: SizeResult[]): void {
  const withViews = results.filter((result) => result.views !== null);
  if (withViews.length === 0) return;
  const base = withViews[0].views!;
  const view = (pick: (views: ViewFigures) => FirstView) => (result: SizeResult) => {
    const figure = pick(result.views!);
    const baseFigure = pick(base);
    if (result === withViews[0]) return `${kB(figure.bytes)} in ${ms(figure.ms)}`;
    return `${kB(figure.bytes)}${ratio(figure.bytes, baseFigure.bytes)} in ${ms(figure.ms)}${ratio(figure.ms, baseFigure.ms)}`;
  };
  const rows: [string, (result: SizeResult) => string][] = [
    ['REST first view, home', view((views) => views.rest.home)],
    ['REST first view, one city', view((views) => views.rest.city)],
    ['room first state, home', view((views) => views.room.home)],
    ['room first state, one city', view((views) => views.room.city)],
    ['B per client per change in view', (result) => kB(result.views!.perChange.inside)],
    ['B per client per change outside', (result) => kB(result.views!.perChange.outside)],
    [
      `${SPREAD_CLIENTS.toLocaleString('en-US')} clients over three processes join`,
      (result) => {
        const spread = result.spread;
        if (!spread) return '–';
        const base = withViews[0].spread;
        return (
          `${spread.joined}/${spread.clients} in ${ms(spread.ms)}${result === withViews[0] ? '' : ratio(spread.ms, base?.ms)}` +
          ` (a join p50 ${ms(spread.p50Ms)}, p99 ${ms(spread.p99Ms)}${spread.failed > 0 ? `; ${spread.failed} failed: ${spread.error}` : ''})`
        );
      },
    ],
    ['three processes started and ready', (result) => ms(result.spread?.readyMs ?? null)],
    ['server start (listening)', (result) => ms(result.startMs)],
    ['server ready (/api/ready 200)', (result) => ms(result.readyMs)],
    ['server RSS after start', (result) => `${result.views!.rssAfterStartMb?.toFixed(0) ?? '–'} MB`],
    [
      'server RSS after first visitors',
      (result) =>
        `${result.views!.rssAfterVisitorsMb?.toFixed(0) ?? 'gone'} MB${ratio(result.views!.rssAfterVisitorsMb, base.rssAfterVisitorsMb)}`,
    ],
    [
      'map frame interval p50, camera moving',
      (result) =>
        result.frames
          ? `${result.frames.worldMs !== null ? ms(result.frames.worldMs) : result.frames.hung ? `hung (cut off at ${MAP_FRAMES_LIMIT_MS / 1000} s)` : 'never painted'}${ratio(result.frames.worldMs, withViews[0].frames?.worldMs)}, ` +
            `${result.frames.markers ?? 0} markers; empty stage ${ms(result.frames.floorMs)}`
          : 'no client built (npx vite build)',
    ],
  ];
  printTable(
    "A visitor's first view and the cost of a change (× the 204 world)",
    ['', ...withViews.map((result) => `${result.territories.toLocaleString('en-US')} territories`)],
    rows.map(([name, cell]) => [name, ...withViews.map(cell)]),
  );
  const calls = withViews.at(-1)!.views!;
  console.log(`Calls: REST ${calls.rest.home.what} and ${calls.rest.city.what}; room ${calls.room.home.what} / ${calls.room.city.what}`);
}

console.log(
  `Scale run on ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start; sizes ${SIZES.map((size) => size.toLocaleString('en-US')).join(', ')}; ${PLAYERS.toLocaleString('en-US')} players`,
);
const results: SizeResult[] = [];
for (const size of SIZES) {
  console.log(`\n== ${size.toLocaleString('en-US')} territories`);
  results.push(await measureSize(size));
}
await chromium.browser?.close();
printJobs(results);
printViews(results);
console.log(`\nLoad average ${loadavg()[0].toFixed(1)} at the end`);
process.exit(0);
