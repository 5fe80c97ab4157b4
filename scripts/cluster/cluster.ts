// npm run cluster [-- --monitoring]: three game processes behind nginx on one public port (PORT,
// default 8080), from the files in deploy/; with --monitoring, Prometheus too. Ctrl-C or SIGTERM
// stops everything; `npm run cluster:restart` asks it for a rolling restart.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { freePort } from '../../game-server/testing/private-redis.ts';
import { ensureClientBuilt } from '../client-build.mjs';
import { debianTool } from '../debian-package.mjs';
import { clusterFiles, type ClusterState } from './cluster-files.ts';
import { GameSlot, readiness } from './game-slot.ts';
import { answers, machinePostgres, machineRedis } from './machine-services.ts';
import { mainConfig, siteConfig } from './nginx.ts';
import { writePrometheusFiles } from './prometheus-files.ts';

const say = (line: string) => console.log(line);
const env = process.env;
const monitoring = process.argv.includes('--monitoring');
const PORT = Number(env.PORT ?? 8080);
const HOST = env.HOST ?? '127.0.0.1';
const PROMETHEUS_PORT = Number(env.PROMETHEUS_PORT ?? 9090);
const files = clusterFiles(resolve(env.CLUSTER_DIR ?? '.cluster'));
const HEALTH_CHECK_MS = 1000;
// A process that answers "not ready" (draining, stopped) goes out at once; one that is only slow to
// answer (a busy machine) after this many checks in a row, so a load spike does not empty nginx.
const UNANSWERED_CHECKS_TO_TAKE_OUT = 3;

if (await answers(HOST === '0.0.0.0' ? '127.0.0.1' : HOST, PORT)) {
  console.error(
    `Something already listens on ${HOST}:${PORT}: set PORT to another port (is a cluster running? npm run cluster:restart talks to it)`,
  );
  process.exit(1);
}
if (!ensureClientBuilt()) process.exit(1);
const nginxBinary = debianTool('nginx', 'nginx', 'for npm run cluster');
const prometheusBinary = monitoring ? debianTool('prometheus', 'prometheus', 'for npm run cluster') : null;
mkdirSync(files.nginxPrefix, { recursive: true });
for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
  mkdirSync(join(files.nginxPrefix, 'temp', name), { recursive: true });

const databaseUrl = env.DATABASE_URL ?? (await machinePostgres('wanakt', say));
const redisUrl = env.REDIS_URL ?? (await machineRedis(say));
const publicHost = HOST === '0.0.0.0' ? '127.0.0.1' : HOST;
const address = `http://${publicHost}:${PORT}`;
const publicOrigin = env.PUBLIC_ORIGIN ?? address;
// Browsers open each process's sockets at <public host>/live/pN: the host players use.
const publicSocketHost = new URL(publicOrigin.split(',')[0].trim()).host;
const stripeKeys = env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PUBLISHABLE_KEY;

// The processes' operator listeners ask for a token: the operator's own, or one made for this run.
const opsToken = env.OPS_TOKEN ?? randomBytes(24).toString('base64url');
writeFileSync(files.opsToken, `${opsToken}\n`, { mode: 0o600 });

const ports = await Promise.all([1, 2, 3].map(async (n) => ({ n, port: await freePort(), opsPort: await freePort() })));
const slots = ports.map(
  (slotPorts) =>
    new GameSlot(
      slotPorts,
      {
        ...(env as Record<string, string>),
        PORT: String(slotPorts.port),
        HOST: '127.0.0.1',
        OPS_PORT: String(slotPorts.opsPort),
        OPS_HOST: '127.0.0.1',
        OPS_TOKEN: opsToken,
        TRUST_PROXY: 'loopback',
        PUBLIC_ADDRESS: `${publicSocketHost}/p${slotPorts.n}`,
        PUBLIC_ORIGIN: publicOrigin,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        // A local cluster takes test-mode payments unless the Stripe keys or PAYMENTS say otherwise.
        ...(!stripeKeys && !env.PAYMENTS && { PAYMENTS: 'sandbox' }),
      },
      say,
    ),
);

let nginx: ChildProcess | null = null;
let prometheus: ChildProcess | null = null;
let stopping = false;

function writeState(): void {
  const state: ClusterState = {
    pid: process.pid,
    url: address,
    nginxPid: nginx?.pid ?? null,
    prometheus: prometheus ? `http://127.0.0.1:${PROMETHEUS_PORT}` : null,
    processes: slots.map((slot) => ({ ...slot.ports, pid: slot.child?.pid ?? null, inRotation: slot.inRotation })),
  };
  // Whole or not at all: a reader never sees half a file.
  writeFileSync(`${files.state}.new`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${files.state}.new`, files.state);
}

/** Writes the site with the slots' rotation and has nginx load it (old workers finish their requests). */
function applyRotation(): void {
  writeFileSync(
    files.nginxSite,
    siteConfig(
      `${HOST}:${PORT}`,
      slots.map((slot) => ({ address: `127.0.0.1:${slot.ports.port}`, down: !slot.inRotation })),
    ),
  );
  const check = spawnSync(nginxBinary, ['-t', '-q', '-p', files.nginxPrefix, '-c', files.nginxMain], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  nginx?.kill('SIGHUP');
  writeState();
}

/** nginx's worker processes now (its master's children). */
function nginxWorkers(): Set<number> {
  if (!nginx?.pid) return new Set();
  const children = spawnSync('pgrep', ['-P', String(nginx.pid)], { encoding: 'utf8' }).stdout ?? '';
  return new Set(children.split('\n').filter(Boolean).map(Number));
}

/**
 * Reloads and waits until a worker with the new configuration runs: only then have the old
 * workers stopped taking connections, so a process taken out gets no new request after this.
 */
async function reloadAndWait(): Promise<void> {
  const before = nginxWorkers();
  applyRotation();
  for (let waited = 0; waited < 10_000; waited += 50) {
    if ([...nginxWorkers()].some((pid) => !before.has(pid))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The new worker has started; give the old ones a moment to close their listening sockets.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function setRotation(slot: GameSlot, inRotation: boolean, why: string): Promise<void> {
  if (slot.inRotation === inRotation) return;
  slot.inRotation = inRotation;
  say(`nginx: ${slot.name} ${inRotation ? 'back in' : 'taken out'} (${why})`);
  await reloadAndWait();
}

function onCrash(slot: GameSlot) {
  return (code: number | null, signal: string | null) => {
    if (stopping) return;
    say(`${slot.name} exited (${signal ?? `code ${code}`}): starting it again`);
    void setRotation(slot, false, 'it exited')
      .then(() => slot.start(onCrash(slot)))
      .then(() => setRotation(slot, true, 'ready again'))
      .catch((error: Error) => say(`${slot.name} could not be started again: ${error.message}`));
  };
}

// Open-source nginx checks nothing by itself: poll /api/ready and keep only the ready processes in.
function checkHealth(): void {
  for (const slot of slots) {
    if (slot.checking || slot.restarting || !slot.child || slot.child.exitCode !== null || slot.child.signalCode !== null) continue;
    slot.checking = true;
    void readiness(slot.ports.port)
      .then((answer) => {
        if (stopping || slot.restarting) return;
        slot.unanswered = answer === 'no answer' ? slot.unanswered + 1 : 0;
        if (answer === 'ready') return setRotation(slot, true, '/api/ready answers 200');
        // The checks never take out the last process (a database that answers slowly fails them
        // all at once): a slow answer beats nginx's 502. A rolling restart takes out on purpose.
        if (!slots.some((other) => other !== slot && other.inRotation)) return;
        if (answer === 'not ready') return setRotation(slot, false, '/api/ready is not 200');
        if (slot.unanswered >= UNANSWERED_CHECKS_TO_TAKE_OUT)
          return setRotation(slot, false, `/api/ready unanswered ${slot.unanswered} times`);
      })
      .catch((error: Error) => say(`Health check of ${slot.name}: ${error.message}`))
      .finally(() => (slot.checking = false));
  }
}
let healthCheck: NodeJS.Timeout | undefined;

let restartUnderWay = false;
/** Drain, start, wait for ready, next: nginx takes each out before its drain and back after. */
async function rollingRestart(report: (line: string) => void): Promise<void> {
  for (const slot of slots) {
    slot.restarting = true;
    try {
      await setRotation(slot, false, 'rolling restart');
      const { code, ms } = await slot.stop();
      report(`${slot.name}: drained and exited with ${code} in ${ms} ms`);
      const began = Date.now();
      await slot.start(onCrash(slot));
      report(`${slot.name}: started and ready in ${Date.now() - began} ms`);
      await setRotation(slot, true, 'rolling restart');
    } catch (error) {
      // The restart stops here; the supervisor goes on starting this process as after a crash.
      const child = slot.child;
      if (child && (child.exitCode !== null || child.signalCode !== null))
        setImmediate(() => onCrash(slot)(child.exitCode, child.signalCode));
      throw error;
    } finally {
      slot.restarting = false;
    }
  }
}

const control = net.createServer((socket) => {
  socket.setEncoding('utf8');
  socket.once('data', (request: string) => {
    if (request.trim() !== 'restart') return socket.end('failed: unknown request\n');
    if (restartUnderWay) return socket.end('failed: a rolling restart is already under way\n');
    restartUnderWay = true;
    const report = (line: string) => {
      say(`restart: ${line}`);
      if (!socket.destroyed) socket.write(`${line}\n`);
    };
    rollingRestart(report)
      .then(
        () => socket.end('done\n'),
        (error: Error) => socket.end(`failed: ${error.message}\n`),
      )
      .finally(() => (restartUnderWay = false));
  });
  socket.on('error', () => {});
});

async function stopAll(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(healthCheck);
  say(`${signal}: stopping the game processes (each drains), then nginx${prometheus ? ' and Prometheus' : ''}`);
  control.close();
  const codes = await Promise.all(slots.map((slot) => slot.stop()));
  const exited = (child: ChildProcess | null) =>
    child && child.exitCode === null && child.signalCode === null ? new Promise((done) => child.once('exit', done)) : Promise.resolve();
  nginx?.kill('SIGQUIT');
  prometheus?.kill('SIGTERM');
  await Promise.all([exited(nginx), exited(prometheus)]);
  rmSync(files.state, { force: true });
  rmSync(files.control, { force: true });
  say(`Stopped (${codes.map(({ code }, i) => `p${i + 1} exited ${code}`).join(', ')})`);
  process.exit(codes.every(({ code }) => code === 0) ? 0 : 1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(signal));
// Whatever goes wrong here, the game processes, nginx and Prometheus are not left running alone.
process.on('uncaughtException', (error) => {
  say(`The cluster script failed: ${error.stack ?? error.message}`);
  void stopAll('failure');
});

try {
  say(`Database: ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}; Redis: ${new URL(redisUrl).host}`);
  // The first process migrates and seeds; the other two find it done.
  await slots[0].start(onCrash(slots[0]));
  await Promise.all(slots.slice(1).map((slot) => slot.start(onCrash(slot))));
  for (const slot of slots) slot.inRotation = true;
  writeFileSync(files.nginxMain, mainConfig(files.nginxPrefix));
  applyRotation();
  nginx = spawn(nginxBinary, ['-p', files.nginxPrefix, '-c', files.nginxMain], { stdio: ['ignore', 'inherit', 'inherit'] });
  nginx.once('exit', (code) => {
    if (!stopping) say(`nginx exited with ${code}: stopping the cluster`);
    void stopAll('nginx exit');
  });
  while (!(await answers(publicHost, PORT))) await new Promise((resolve) => setTimeout(resolve, 100));
  if (prometheusBinary) {
    writePrometheusFiles(
      files.prometheusDir,
      slots.map((slot) => ({ name: slot.name, opsPort: slot.ports.opsPort })),
      opsToken,
    );
    prometheus = spawn(
      prometheusBinary,
      [
        `--config.file=${join(files.prometheusDir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(files.prometheusDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${PROMETHEUS_PORT}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  rmSync(files.control, { force: true });
  await new Promise<void>((listening) => control.listen(files.control, listening));
  writeState();
  healthCheck = setInterval(checkHealth, HEALTH_CHECK_MS);
  say(
    `Wanakt World cluster is running at ${address} (nginx in front of ${slots.map((slot) => `${slot.name} on :${slot.ports.port}`).join(', ')})`,
  );
  say(
    `Metrics: ${slots.map((slot) => `http://127.0.0.1:${slot.ports.opsPort}/metrics`).join(' ')} (Authorization: Bearer, the token in ${files.opsToken})`,
  );
  if (prometheus) say(`Prometheus: http://127.0.0.1:${PROMETHEUS_PORT} (rules from deploy/alerts.yml)`);
  say('Ctrl-C stops everything; npm run cluster:restart restarts the processes one by one.');
} catch (error) {
  say(`The cluster could not start: ${(error as Error).message}`);
  await stopAll('start-up failure');
}
