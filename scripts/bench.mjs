// npm run bench: every benchmark under bench/, one after the other.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { installDebianPackage } from './debian-package.mjs';

const root = new URL('..', import.meta.url).pathname;
const benches = readdirSync(`${root}bench`).filter((name) => name.endsWith('.bench.ts')).sort();
if (benches.length === 0) {
  console.log('No benchmarks yet.');
  process.exit(0);
}
// wrk measures the API beside autocannon (see bench/api.bench.ts); without it that table is left out.
if (spawnSync('wrk', ['--version']).error && !installDebianPackage('wrk', 'for the API benchmark')) {
  console.log('Could not install wrk: the API benchmark prints autocannon\'s figures only.');
}
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${root}bench/${bench}`], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
