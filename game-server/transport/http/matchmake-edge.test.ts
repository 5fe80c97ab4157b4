import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTrustProxy } from '../../config.ts';
import { createOriginPolicy } from '../../domain/auth/origin.ts';
import { guardMatchmaking } from './matchmake-edge.ts';

// A join first takes a point of its address's budget, then goes on to Colyseus, which reads the body
// into a web Request. What reaches Colyseus in between must not end the process.
describe('a matchmaking request on its way to Colyseus', () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function guarded(colyseus: (req: IncomingMessage, res: ServerResponse) => Promise<void>, counted: Promise<void>) {
    const server = createServer();
    servers.push(server);
    server.on('request', colyseus);
    const perAddress = { consume: () => counted } as unknown as RateLimiterAbstract;
    guardMatchmaking(server, {
      origins: createOriginPolicy(undefined),
      maxBodyBytes: 1_000,
      trustProxy: compileTrustProxy(undefined),
      perAddress,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const closed = new Promise<void>((resolve) => server.once('connection', (socket) => socket.once('close', () => resolve())));
    return { port: (server.address() as AddressInfo).port, closed };
  }

  const join = (port: number) => {
    const outgoing = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/matchmake/joinOrCreate/world',
      headers: { 'content-type': 'application/json', 'content-length': 2 },
    });
    outgoing.on('error', () => undefined);
    outgoing.end('{}');
    return outgoing;
  };

  it('when the client hangs up while its join is counted, then Colyseus never sees it', async () => {
    let count!: () => void;
    const seen: string[] = [];
    const { port, closed } = await guarded(
      async (req) => {
        seen.push(req.url!);
      },
      new Promise<void>((resolve) => (count = resolve)),
    );
    const outgoing = join(port);
    await new Promise((resolve) => outgoing.once('finish', resolve));
    outgoing.destroy();
    await closed;
    count();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
  });

  it("when Colyseus's handling fails, then the join is answered 500 and nothing is left unhandled", async () => {
    const { port } = await guarded(async () => {
      throw new TypeError('Response body object should not be disturbed or locked');
    }, Promise.resolve());
    const answer = await new Promise<number>((resolve) => join(port).once('response', (response) => resolve(response.statusCode!)));
    expect(answer).toBe(500);
  });
});
