// npm run cluster:restart: asks the running `npm run cluster` (same CLUSTER_DIR) to restart its
// game processes one by one, prints each step, and exits 0 once all three are back in nginx.
import net from 'node:net';
import { resolve } from 'node:path';
import { clusterFiles } from './cluster-files.ts';

const { control } = clusterFiles(resolve(process.env.CLUSTER_DIR ?? '.cluster'));
const socket = net.connect(control);
let answer = '';
socket.setEncoding('utf8');
socket.on('connect', () => socket.write('restart\n'));
socket.on('data', (chunk: string) => {
  answer += chunk;
  process.stdout.write(chunk);
});
socket.on('error', (error) => {
  console.error(`No cluster answers on ${control} (${error.message}): start one with npm run cluster`);
  process.exit(2);
});
socket.on('close', () => process.exit(/(^|\n)done\n$/.test(answer) ? 0 : 1));
