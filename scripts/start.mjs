// npm start: build the client if it is missing, then run the game server.
import { spawnSync } from 'node:child_process';
import { ensureClientBuilt } from './client-build.mjs';
import { requireRuntime } from './runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
requireRuntime();
if (!ensureClientBuilt()) process.exit(1);
// Node runs the TypeScript itself (type stripping): no transpiler sits in the server's process.
const server = spawnSync(process.execPath, [`${root}game-server/main.ts`], { stdio: 'inherit' });
process.exit(server.status ?? 1);
