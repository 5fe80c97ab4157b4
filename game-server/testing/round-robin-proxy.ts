import http from 'node:http';
import net from 'node:net';

/** The path segment that names process n (1-based) in its PUBLIC_ADDRESS, as in the README's proxy sample. */
export const processPath = (n: number) => `p${n}`;

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** The processes behind it, in order: the first is `p1`. */
  route(targets: readonly string[]): void;
  stop(): Promise<void>;
}

/**
 * A plain load balancer, as the README configures nginx: every request goes to the next process in
 * turn, and a socket whose path names a process (`/live/p2/...` or `/p2/...`) goes to that one.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let targets: URL[] = [];
  let next = 0;
  const pick = () => targets[next++ % targets.length];
  const named = (path: string) => {
    const n = path.match(/^\/(?:live\/)?p(\d+)\//)?.[1];
    return n ? targets[Number(n) - 1] : undefined;
  };

  const server = http.createServer((req, res) => {
    const target = pick();
    // A connection per request, as nginx's upstreams have by default: a kept-alive connection that
    // the process closes at its idle time-out just as the proxy reuses it would be the proxy's 502.
    const forward = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.once('error', (error: NodeJS.ErrnoException) => {
      if (!res.headersSent) res.writeHead(502).end(`The proxy could not reach ${target.host}: ${error.code ?? error.message}`);
      else res.destroy();
    });
    req.pipe(forward);
  });
  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req, socket: net.Socket, head) => {
    const target = named(req.url ?? '/') ?? pick();
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    tunnels.add(socket).add(upstream);
    const close = () => {
      upstream.destroy();
      socket.destroy();
      tunnels.delete(socket);
      tunnels.delete(upstream);
    };
    upstream.once('error', close);
    socket.once('error', close);
    upstream.once('close', close);
    socket.once('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    route: (list) => {
      targets = list.map((url) => new URL(url));
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        for (const tunnel of tunnels) tunnel.destroy();
        server.close(() => resolve());
      }),
  };
}
