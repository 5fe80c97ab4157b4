// npm start: build the client if it is missing, then run the game server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}dist/client/index.html`)) {
  console.log('Building the client (first start only)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync(process.execPath, ['--import', 'tsx', `${root}game-server/main.ts`], { stdio: 'inherit' });
process.exit(server.status ?? 1);
