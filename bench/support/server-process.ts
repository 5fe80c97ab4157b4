import { fork, type ChildProcess } from 'node:child_process';
import type { ServerStats, StatsRequest } from './server-stats.ts';

// A benchmarked server in a process of its own (see server-stats.ts), so the load generator and the
// server do not share an event loop.

export interface ServerProcess {
  url: string;
  /** The server's process id, to read its memory from /proc. */
  pid: number;
  ask(request: StatsRequest): Promise<ServerStats | undefined>;
  stop(): Promise<void>;
}

/** BENCH_NODE_ARGS: node flags for the benchmarked servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where their time goes. */
export function startServer(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = fork(new URL(script, new URL('../', import.meta.url)).pathname, [], {
    execArgv: process.env.BENCH_NODE_ARGS?.split(' ') ?? [],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (request: StatsRequest) =>
    new Promise<ServerStats | undefined>((resolve) => {
      const answer = (message: { type: string; stats?: ServerStats }) => {
        if (message.type !== request.type) return;
        child.off('message', answer);
        resolve(message.stats);
      };
      child.on('message', answer);
      child.send(request);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    // Other modules talk over the same channel (Colyseus loads pm2's metrics): wait for ours.
    const ready = (message: { type: string; url: string }) => {
      if (message.type !== 'ready') return;
      child.off('message', ready);
      resolve({
        url: message.url,
        pid: child.pid!,
        ask,
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.send({ type: 'stop' });
          }),
      });
    };
    child.on('message', ready);
  });
}

/** How often untilReady asks, about as often as a load balancer's health check. */
const READY_POLL_MS = 200;

/**
 * Polls `/api/ready` as a load balancer does, and resolves with whether it answered 200 within
 * `withinMs`: a benchmarked server is sent no visitor before.
 */
export async function untilReady(url: string, withinMs: number): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    const status = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5000) }).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  return false;
}
