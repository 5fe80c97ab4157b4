// npm test: make sure what the tests need is here (Chromium, a reachable PostgreSQL when there is
// one), build the client the browser tests load, then run every vitest project.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { installDebianPackage } from './debian-package.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = (command, args, options = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });

function ensureChromium() {
  if (process.env.CHROMIUM_PATH || existsSync('/usr/bin/chromium')) return;
  if (!installDebianPackage('chromium', 'for the browser tests')) {
    console.error('Could not install chromium; install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

ensureChromium();
if (!process.env.TEST_DATABASE_URL && (await reachable('127.0.0.1', 5432))) {
  process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
}
console.log(
  process.env.TEST_DATABASE_URL
    ? `Storage tests run on the embedded database and on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host}).`
    : 'No PostgreSQL reachable: storage tests run on the embedded database only.',
);

if (run('npx', ['vite', 'build', '--logLevel', 'warn']).status !== 0) process.exit(1);

/** One `vitest run`, its JSON report read back for the summary. */
function vitest(args) {
  const report = join(tmpdir(), `wanakt-vitest-${process.pid}-${randomBytes(3).toString('hex')}.json`);
  const child = spawn('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      let counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
      if (existsSync(report)) {
        counts = JSON.parse(readFileSync(report, 'utf8'));
        rmSync(report);
      }
      resolve({ code: code ?? 1, counts });
    });
  });
}

// With no arguments, the whole suite: the unit project fills both cores with its workers; then the
// process tests and the browser tests, each one file at a time, run side by side, since each
// leaves most of a core idle while it waits on restarts, sockets and pages (vitest runs projects of
// different concurrency one after the other, hence separate runs). With arguments, one vitest run.
const args = process.argv.slice(2);
const runs = args.length > 0 ? [await vitest(args)] : [await vitest(['--project', 'unit'])];
if (args.length === 0) runs.push(...(await Promise.all([vitest(['--project', 'processes']), vitest(['--project', 'e2e'])])));
const total = (key) => runs.reduce((sum, { counts }) => sum + counts[key], 0);
console.log(
  `\n${total('numPassedTests')} passed, ${total('numFailedTests')} failed, ${total('numPendingTests') + total('numTodoTests')} skipped`,
);
process.exit(runs.every(({ code }) => code === 0) ? 0 : 1);
