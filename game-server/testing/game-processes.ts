import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_DEMO_PASSWORD, TEST_WANAKT_PASSWORD } from './test-passwords.ts';

const MAIN = new URL('../main.ts', import.meta.url).pathname;

/** One `node game-server/main.ts`, as production runs it. */
export interface GameProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed, for a failing test to show. */
  output(): string;
  /** SIGKILL: no shutdown, nothing flushed. */
  kill9(): Promise<void>;
  /** SIGSTOP / SIGCONT: frozen with its sockets open, then thawed. */
  freeze(): void;
  thaw(): void;
  /** SIGTERM: resolves with the exit code and the milliseconds the process took to drain and exit. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The environment of game processes that share this PostgreSQL and Redis, as several production
 * processes do, with sandbox payments and known passwords. A Redis database of their own, picked
 * at random, keeps this run's room listings apart from any other run's.
 */
export function sharedProcessEnvironment(
  databaseUrl: string,
  redisUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  const redis = new URL(redisUrl);
  redis.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
  return {
    PORT: '0',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.toString(),
    WANAKT_PASSWORD: TEST_WANAKT_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    PAYMENTS: 'sandbox',
    TRUST_PROXY: 'loopback',
    ...extra,
  };
}

/**
 * Starts one game-server process with this environment (PATH is added); resolves once it listens.
 * `heard` sees everything printed so far, each time more is, while it starts.
 */
export function startGameProcess(
  env: Record<string, string>,
  cwd: string,
  heard: (output: string) => void = () => {},
): Promise<GameProcess> {
  // Test servers take test-mode payments unless a test says otherwise: a real database refuses to
  // start without a payment provider. Test agents stand for many browsers through X-Forwarded-For.
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PAYMENTS: 'sandbox', TRUST_PROXY: 'loopback', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      heard(output);
      const url = output.match(/running at (http:\/\/[^\s"]+)/)?.[1];
      if (!url) return;
      child.stdout!.off('data', collect);
      child.stdout!.on('data', (more: Buffer) => (output += more.toString()));
      resolve({
        url,
        child,
        output: () => output,
        kill9: async () => {
          child.kill('SIGKILL');
          await exited(child);
        },
        freeze: () => child.kill('SIGSTOP'),
        thaw: () => child.kill('SIGCONT'),
        stop: async () => {
          const began = Date.now();
          child.kill('SIGCONT');
          child.kill('SIGTERM');
          await exited(child);
          return { code: child.exitCode, ms: Date.now() - began };
        },
      });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
    // A first start builds its database: about 10 s on a quiet machine, past 90 s under CI's load.
    setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 180_000).unref();
  });
}

/** A working directory of its own for the processes of one test file, removed afterwards. */
export async function scratchDirectory(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'wanakt-processes-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
