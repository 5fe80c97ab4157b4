// npm run bench: every benchmark under bench/, one after the other.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const benches = readdirSync(`${root}bench`).filter((name) => name.endsWith('.bench.ts')).sort();
if (benches.length === 0) {
  console.log('No benchmarks yet.');
  process.exit(0);
}
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${root}bench/${bench}`], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
