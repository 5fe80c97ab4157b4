// npm run bench: every benchmark under bench/, one after the other.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { installDebianPackage } from './debian-package.mjs';
import { requireRuntime } from './runtime.mjs';

requireRuntime();

const root = new URL('..', import.meta.url).pathname;
const benches = readdirSync(`${root}bench`)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
if (benches.length === 0) {
  console.log('No benchmarks yet.');
  process.exit(0);
}
// wrk measures the API beside autocannon (see bench/api.bench.ts); without it that table is left out.
if (spawnSync('wrk', ['--version']).error && !installDebianPackage('wrk', 'for the API benchmark')) {
  console.log("Could not install wrk: the API benchmark prints autocannon's figures only.");
}
// Lighthouse and the map's frame benchmark (bench/lighthouse.bench.ts, bench/map.bench.ts) drive Debian's Chromium,
// or the browser CHROME_PATH or CHROMIUM_PATH names (the Lighthouse benchmark takes either).
const chosenBrowser = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH;
if (!chosenBrowser && !existsSync('/usr/bin/chromium') && !installDebianPackage('chromium', 'for the browser benchmarks')) {
  console.error('Could not install chromium; install it (apt-get install -y chromium) or set CHROME_PATH or CHROMIUM_PATH.');
  process.exit(1);
}
// The browser benchmarks measure the client as it is now, not an older build left in dist/client.
if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
// The scale run's world of 1,000,000 territories takes about ten minutes more; run alone, the scale
// bench leaves it out unless asked, and `npm run bench -- --no-million` leaves it out here too.
const argumentsOf = (bench) => (bench === 'scale.bench.ts' && !process.argv.includes('--no-million') ? ['--million'] : []);
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(process.execPath, [`${root}bench/${bench}`, ...argumentsOf(bench)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
