// Builds the client into dist/client when it is missing (npm start, npm run cluster).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;

/** Whether dist/client is there afterwards. */
export function ensureClientBuilt() {
  if (existsSync(`${root}dist/client/index.html`)) return true;
  console.log('Building the client (first start only)...');
  return spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }).status === 0;
}
