// The machine's own PostgreSQL and Redis, as CI uses them (.ci/run): started when they do not
// answer, never restarted or stopped when they do (other programs on the machine use them too).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import postgres from 'postgres';

export const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432';
export const MACHINE_REDIS = 'redis://127.0.0.1:6379';

export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

async function waitUntilAnswers(host: string, port: number, what: string): Promise<void> {
  for (let tries = 0; tries < 60; tries++) {
    if (await answers(host, port)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not start on ${host}:${port}`);
}

/** The machine's PostgreSQL on 5432 (started with pg_ctlcluster when down) and the database `name` on it. */
export async function machinePostgres(name: string, say: (line: string) => void): Promise<string> {
  if (!(await answers('127.0.0.1', 5432))) {
    const [version] = readdirSync('/etc/postgresql');
    if (!version) throw new Error('No PostgreSQL cluster on this machine: set DATABASE_URL, or apt-get install postgresql');
    say(`PostgreSQL is down: starting the machine's cluster ${version}/main`);
    const started = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    if (started.status !== 0) throw new Error('pg_ctlcluster could not start PostgreSQL');
    await waitUntilAnswers('127.0.0.1', 5432, 'PostgreSQL');
  }
  const admin = postgres(`${MACHINE_POSTGRES}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      say(`Creating the database ${name}`);
      await admin.unsafe(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  return `${MACHINE_POSTGRES}/${name}`;
}

/** The machine's Redis on 6379, started (without persistence, as CI does) when nothing answers there. */
export async function machineRedis(say: (line: string) => void): Promise<string> {
  if (!(await answers('127.0.0.1', 6379))) {
    say('Redis is down: starting redis-server on 127.0.0.1:6379');
    const started = spawnSync(
      'redis-server',
      ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'],
      { stdio: 'inherit' },
    );
    if (started.status !== 0) throw new Error('redis-server could not start: set REDIS_URL, or apt-get install redis-server');
    await waitUntilAnswers('127.0.0.1', 6379, 'Redis');
  }
  return MACHINE_REDIS;
}
