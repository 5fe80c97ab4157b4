// npm start: build the client if it is missing, then run the game server.
import { spawnSync } from 'node:child_process';
import { ensureClientBuilt } from './client-build.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!ensureClientBuilt()) process.exit(1);
const server = spawnSync(process.execPath, ['--import', 'tsx', `${root}game-server/main.ts`], { stdio: 'inherit' });
process.exit(server.status ?? 1);
