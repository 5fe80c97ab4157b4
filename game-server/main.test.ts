import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresBackendIfReachable } from './testing/databases.ts';

const MAIN = new URL('./main.ts', import.meta.url).pathname;
const running: ChildProcess[] = [];

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

afterEach(async () => {
  for (const child of running.splice(0)) await stopChild(child);
});

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

interface Started {
  url: string;
  output: string;
  startedMs: number;
}

/** Runs `game-server/main.ts` as a newcomer's `npm start` would, and waits for its address. */
function startProcess(env: Record<string, string>, cwd: string): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/running at (http:\/\/[^\s"]+)/)?.[1];
      const startedMs = output.match(/Started in (\d+) ms/)?.[1];
      if (url && startedMs) resolve({ url, output, startedMs: Number(startedMs) });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
  });
}

describe('npm start on a fresh machine', () => {
  it('when started with no environment at all on an empty data dir, then it serves the seeded world, and restarts without printing passwords', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'wanakt-fresh-'));
    // "No environment at all": only when the default port is taken does the test pick another.
    const env: Record<string, string> = (await portFree(3000)) ? {} : { PORT: '0' };
    try {
      const fresh = await startProcess(env, cwd);
      expect(fresh.output).toContain(`embedded PGlite in ./data`);
      expect(fresh.output).toMatch(/wanakt \/ \S+/);
      expect(fresh.output).toMatch(/sample \/ \S+/);
      const territories = await (await fetch(`${fresh.url}/api/territories`)).json();
      expect(territories.length).toBeGreaterThanOrEqual(150);
      expect(territories.map((territory: { name: string }) => territory.name)).toEqual(expect.arrayContaining(['New York', 'Great Wall']));
      const password = fresh.output.match(/sample \/ ([^\s"]+)/)![1];
      const login = await fetch(`${fresh.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'sample', password }),
      });
      expect(login.status).toBe(200);
      const kept = join(cwd, 'data', 'first-logins.txt');
      expect(await readFile(kept, 'utf8')).toContain(`sample / ${password}`);
      expect((await stat(kept)).mode & 0o777).toBe(0o600);

      await stopChild(running.pop()!);
      const again = await startProcess(env, cwd);
      expect(again.output).not.toMatch(/sample \/ \S+/);
      expect(again.output).not.toContain(password);
      console.log(`start-up on an empty DATA_DIR: ${fresh.startedMs} ms; on an existing one: ${again.startedMs} ms`);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
    // Two start-ups, the first building a database: 25 s on a quiet machine, past a minute under CI's load.
  }, 180_000);

  it('when a setting is invalid, then start-up fails fast with a clear message', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'wanakt-bad-'));
    const failure = startProcess({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' }, cwd);
    await expect(failure).rejects.toThrow(/exited with 1[\s\S]*PORT[\s\S]*DATABASE_URL: must be a URL starting with postgres:/);
    await rm(cwd, { recursive: true, force: true });
  });
});

describe('start-up that would be unsafe or cannot work', () => {
  it('when DATABASE_URL is set without Stripe keys or PAYMENTS=sandbox, then start-up refuses and says what to set', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'wanakt-keyless-'));
    const failure = startProcess({ PORT: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/wanakt' }, cwd);
    await expect(failure).rejects.toThrow(
      /exited with 1[\s\S]*STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY[\s\S]*PAYMENTS=sandbox/,
    );
    await rm(cwd, { recursive: true, force: true });
  });

  it('when PostgreSQL is not there, then start-up waits with one line per try and exits with one line, no stack', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'wanakt-nodb-'));
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const env = {
      PORT: '0',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/wanakt`,
      PAYMENTS: 'sandbox',
      DATABASE_WAIT_SECONDS: '2',
    };
    const failure = await startProcess(env, cwd).then(
      () => '',
      (error: Error) => error.message,
    );
    // The log is JSON lines when nobody watches a terminal: each try is one line whose message is the sentence.
    const messageOf = (line: string) => {
      try {
        return (JSON.parse(line) as { msg?: string }).msg ?? line;
      } catch {
        return line;
      }
    };
    const waits = failure.split('\n').filter((line) => messageOf(line) === `Waiting for PostgreSQL at 127.0.0.1:${closedPort} …`);
    console.log(`PostgreSQL absent: ${waits.length} waiting lines, then: ${failure.trim().split('\n').at(-1)}`);
    expect(failure).toMatch(/exited with 1/);
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(failure).toContain(`PostgreSQL at 127.0.0.1:${closedPort} did not answer within 2 s`);
    expect(failure).not.toMatch(/^\s+at /m);
    await rm(cwd, { recursive: true, force: true });
  });
});

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('several processes on one PostgreSQL', () => {
  it('when two server processes start at once on one empty database, then both come up', async () => {
    const database = await postgres!.openEmpty();
    const cwd = await mkdtemp(join(tmpdir(), 'wanakt-pair-'));
    try {
      const env = { PORT: '0', DATABASE_URL: database.url!, WANAKT_PASSWORD: 'pair-secret', PAYMENTS: 'sandbox' };
      const [a, b] = await Promise.all([startProcess(env, cwd), startProcess(env, cwd)]);
      for (const server of [a, b]) {
        const health = await (await fetch(`${server.url}/api/health`)).json();
        expect(health).toEqual({ status: 'ok', database: 'postgres' });
      }
      const [count] = await database.sql`select count(*)::int as n from territories`;
      const territories = await (await fetch(`${a.url}/api/territories`)).json();
      expect(territories).toHaveLength(count.n);
    } finally {
      await database.close();
      await rm(cwd, { recursive: true, force: true });
    }
  });
});
