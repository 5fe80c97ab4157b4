import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A free TCP port on the loopback interface, as the system hands it out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * A redis-server of a test's own, on a port of its own, that the test may stop and start again
 * (the machine's shared Redis is never touched). Nothing is saved to disk.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;

  readonly port: number;

  private constructor(port: number) {
    this.port = port;
  }

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get running(): boolean {
    return this.child !== null;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let tries = 0; !(await answers(this.port)); tries++) {
      if (tries > 200) throw new Error('The private redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Kills it at once, as a crash or a lost machine would. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
}
