import net from 'node:net';

/**
 * The Redis that tests may use: TEST_REDIS_URL, or the local default when something answers there;
 * null when none is reachable, so the tests that need one are skipped rather than failed.
 */
export async function testRedisUrl(): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
  return reachable ? url : null;
}
