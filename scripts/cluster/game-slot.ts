// One of the cluster's three game processes: `node game-server/main.ts` on ports picked once, so a
// restarted process comes back where nginx and Prometheus expect it.
import { spawn, type ChildProcess } from 'node:child_process';

const MAIN = new URL('../../game-server/main.ts', import.meta.url).pathname;

export interface SlotPorts {
  /** 1, 2 or 3: its path is /live/pN and its upstream wanakt_pN. */
  n: number;
  port: number;
  opsPort: number;
}

/**
 * GET /api/ready: `ready` for 200; `not ready` for another answer or a refused connection (a
 * draining or stopped process); `no answer` within 2 s (a busy machine, or a hung process).
 */
export async function readiness(port: number): Promise<'ready' | 'not ready' | 'no answer'> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(2000) });
    await answer.body?.cancel();
    return answer.status === 200 ? 'ready' : 'not ready';
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? 'not ready' : 'no answer';
  }
}

export class GameSlot {
  child: ChildProcess | null = null;
  /** In nginx's round robin. */
  inRotation = false;
  /** Being restarted on purpose: neither the health check nor the supervisor touches it. */
  restarting = false;
  /** Readiness checks in a row that got no answer. */
  unanswered = 0;
  /** A readiness check is under way (a slow one is not overlapped by the next). */
  checking = false;

  readonly ports: SlotPorts;
  private readonly env: Record<string, string>;
  private readonly print: (line: string) => void;

  constructor(ports: SlotPorts, env: Record<string, string>, print: (line: string) => void) {
    this.ports = ports;
    this.env = env;
    this.print = print;
  }

  get name(): string {
    return `p${this.ports.n}`;
  }

  /** Starts the process and resolves once /api/ready answers 200; rejects if it exits first. */
  async start(onUnexpectedExit: (code: number | null, signal: string | null) => void): Promise<void> {
    const child = spawn(process.execPath, [MAIN], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    for (const stream of [child.stdout!, child.stderr!]) {
      let partial = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop()!;
        for (const line of lines) this.print(`${this.name} | ${line}`);
      });
    }
    let exited = false;
    child.once('exit', (code, signal) => {
      exited = true;
      if (this.child === child && !this.restarting) onUnexpectedExit(code, signal);
    });
    for (let waited = 0; (await readiness(this.ports.port)) !== 'ready'; waited += 250) {
      if (exited) throw new Error(`${this.name} exited before it was ready`);
      if (waited > 180_000) throw new Error(`${this.name} was not ready after 3 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** SIGTERM (the drain) and the exit: resolves with its code and the milliseconds it took. */
  async stop(): Promise<{ code: number | null; ms: number }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return { code: child?.exitCode ?? null, ms: 0 };
    const began = Date.now();
    const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exit;
    return { code: child.exitCode, ms: Date.now() - began };
  }
}
