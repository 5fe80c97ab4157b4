// The server's memory after a padded world's first visitor, at 204, 100,000 and 1,000,000 territories,
// on real PostgreSQL (no request loads the whole world into memory).
// Run: npm exec -- node bench/world-memory.bench.ts [sizes…] (TEST_DATABASE_URL names the server's
// maintenance database; a fresh database is created there for each size and dropped afterwards).
//
// For each size the game migrates and seeds a new database, the world is padded by SQL as an
// operator's bulk import would (game-server/testing/pad-world.ts), and a new game process starts on
// it. Its first visitor then reads what the home page and the map read over REST: the first page
// of the territories, the map's home view and one city's view, the feudal tree, the listings and
// the marketplace; then a home view of another panel's shape, which no cache holds. The table gives the server's resident memory at start and after the visitor
// (and its peak), with each call's compressed size and time.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { padWorld } from '../game-server/testing/pad-world.ts';
import { openScratchDatabase } from './support/scratch-database.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [204, 100_000, 1_000_000];

/** What a first visitor reads over REST; the room's first state is measured with the room. */
const FIRST_VISIT = [
  ['territories (first page)', '/api/territories'],
  ['home view (world, zoom 1)', '/api/territories?bbox=-180,-90,180,90&zoom=1'],
  ['London view (zoom 64)', '/api/territories?bbox=-2.9,49.8,2.7,53.2&zoom=64'],
  ['hierarchy', '/api/territories/hierarchy'],
  ['for sale (first page)', '/api/territories/for-sale'],
  ['marketplace (first page)', '/api/marketplace'],
  // Another panel's shape: a box not asked before, counted from the index once it is loaded.
  ['home view (another panel)', '/api/territories?bbox=-180,-80,180,80&zoom=1.2'],
] as const;

/** A call as a browser makes it: brotli accepted, the compressed bytes counted as they arrive. */
function timedGet(url: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode!, bytes, ms: performance.now() - started }));
    })
      .on('error', reject)
      .end();
  });
}

/** The process's resident memory now and at its peak, in MB. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

async function measure(size: number, env: Record<string, string>): Promise<string[]> {
  const database = await openScratchDatabase(ADMIN_URL, { max: 2 });
  const lines: string[] = [];
  let game: ServerProcess | null = null;
  try {
    const setup = { ...env, DATABASE_URL: database.url! };
    await (await startServer('./support/world-server.ts', setup)).stop();
    const padding = performance.now();
    const added = await padWorld(database.sql, size);
    lines.push(`${size} territories: ${added} padded by SQL in ${((performance.now() - padding) / 1000).toFixed(1)} s`);
    const starting = performance.now();
    game = await startServer('./support/world-server.ts', setup);
    const started = await memoryOf(game.pid);
    lines.push(`  started in ${((performance.now() - starting) / 1000).toFixed(1)} s, RSS ${started.rss.toFixed(0)} MB`);
    for (const [label, path] of FIRST_VISIT) {
      const answer = await timedGet(`${game.url}${path}`);
      const memory = await memoryOf(game.pid);
      lines.push(
        `  ${label.padEnd(28)} ${String(answer.status).padEnd(4)} ${(answer.bytes / 1024).toFixed(1).padStart(8)} kB br ${answer.ms.toFixed(0).padStart(6)} ms   RSS ${memory.rss.toFixed(0)} MB (peak ${memory.peak.toFixed(0)})`,
      );
    }
    const after = await memoryOf(game.pid);
    lines.push(`  after the first visitor: RSS ${after.rss.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB`);
  } finally {
    await game?.stop();
    await database.close();
  }
  return lines;
}

async function main(): Promise<void> {
  const env = {
    LOG_LEVEL: 'warn',
    PAYMENTS: 'sandbox',
    WANAKT_PASSWORD: randomBytes(12).toString('hex'),
    DEMO_PASSWORD: randomBytes(12).toString('hex'),
  };
  for (const size of SIZES) console.log((await measure(size, env)).join('\n'));
}

await main();
