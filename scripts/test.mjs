// npm test: make sure what the tests need is here (Chromium, a reachable PostgreSQL when there is
// one), build the client the browser tests load, then run every vitest project.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { installDebianPackage } from './debian-package.mjs';
import { requireRuntime } from './runtime.mjs';

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

// The chaos test's clock faults move the processes' clocks with libfaketime; without it they are skipped and say so.
function ensureFaketime() {
  if (existsSync('/usr/bin/faketime')) return;
  if (!installDebianPackage('faketime', "for the chaos test's clock faults"))
    console.warn('Could not install faketime: the chaos test skips its clock faults.');
}

requireRuntime();
ensureChromium();
ensureFaketime();
if (!process.env.TEST_DATABASE_URL && (await reachable('127.0.0.1', 5432))) {
  process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
}
console.log(`Tests run on Node ${process.version}.`);
console.log(
  process.env.TEST_DATABASE_URL
    ? `Storage tests run on the embedded database and on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host}).`
    : 'No PostgreSQL reachable: storage tests run on the embedded database only.',
);

if (run('npx', ['vite', 'build', '--logLevel', 'warn']).status !== 0) process.exit(1);
const report = join(tmpdir(), `wanakt-vitest-${process.pid}.json`);
const result = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, testResults } = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(report);
  // Where the run's time goes: the files that held a worker longest.
  const slowest = testResults
    .map((file) => ({ name: file.name.replace(`${root}`, ''), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 12);
  console.log(`\nThe slowest files:\n${slowest.map((file) => `  ${file.seconds.toFixed(0).padStart(5)} s  ${file.name}`).join('\n')}`);
  console.log(`\n${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped`);
}
process.exit(result.status ?? 1);
