// npm run dev: the game server restarting on change, and Vite serving the client with live reload.
import { spawn } from 'node:child_process';
import { requireRuntime } from './runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
requireRuntime();
const children = [
  spawn(process.execPath, ['--watch', `${root}game-server/main.ts`], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', process.env.VITE_PORT ?? '5173'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
