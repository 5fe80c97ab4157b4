import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, Redis) that a test can cut: what a database blink
 * or a lost network looks like to the game, without touching the shared server behind it.
 */
export interface CuttableProxy {
  port: number;
  /** The upstream URL with its host and port replaced by the proxy's. */
  url: string;
  /** Closes every connection through the proxy now. */
  cut(): void;
  /** While down, new connections are refused at once (the server is away); up lets them through again. */
  down(): void;
  up(): void;
  /**
   * Cuts the connection whose client next sends `marker` (e.g. a COMMIT's text): `delivered`
   * passes that write on to the server first, so the server acts on it and only its answer is lost
   * (the server's side is closed a moment later); otherwise the write is lost with the connection.
   */
  cutAt(marker: string, delivered: boolean): Promise<void>;
  /**
   * Holds everything the client sends for `ms` before passing it on (0: no more), so each round
   * trip takes that much longer, in order: a slow network or an overloaded database server.
   */
  slow(ms: number): void;
  /** The connections open through it now. */
  readonly open: number;
  stop(): Promise<void>;
}

export async function startCuttableProxy(upstreamUrl: string): Promise<CuttableProxy> {
  const upstream = new URL(upstreamUrl);
  const upstreamPort = Number(upstream.port || (upstream.protocol.startsWith('redis') ? 6379 : 5432));
  const pairs = new Set<[net.Socket, net.Socket]>();
  let refusing = false;
  let armed: { marker: Buffer; delivered: boolean; done: () => void } | null = null;
  let delayMs = 0;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const far = net.connect(upstreamPort, upstream.hostname);
    const pair: [net.Socket, net.Socket] = [client, far];
    pairs.add(pair);
    // Chunks held while the proxy is slow, oldest first, and the timer that passes them on.
    const held: { at: number; chunk: Buffer }[] = [];
    let timer: NodeJS.Timeout | undefined;
    const close = () => {
      clearTimeout(timer);
      client.destroy();
      far.destroy();
      pairs.delete(pair);
    };
    client.on('error', close).on('close', close);
    far.on('error', close).on('close', close);
    // A chunk never overtakes the one before it, whatever the delay was when each arrived: held
    // chunks wait in one queue, and a chunk goes straight on only when none is held. (A timer per
    // chunk let the first chunk after a slow spell overtake a held one whose timer was due but had
    // not yet fired: PostgreSQL's protocol arrived out of order, and the driver read one answer as
    // another's, or threw a RangeError that the game answered 500.)
    const release = () => {
      timer = undefined;
      while (held.length > 0 && held[0]!.at <= Date.now()) {
        const { chunk } = held.shift()!;
        if (!far.destroyed) far.write(chunk);
      }
      if (held.length > 0) timer = setTimeout(release, held[0]!.at - Date.now());
    };
    const passOn = (chunk: Buffer) => {
      if (held.length === 0 && delayMs === 0) {
        far.write(chunk);
        return;
      }
      held.push({ at: Math.max(held.at(-1)?.at ?? 0, Date.now() + delayMs), chunk });
      timer ??= setTimeout(release, Math.max(0, held[0]!.at - Date.now()));
    };
    client.on('data', (chunk: Buffer) => {
      const trap = armed;
      if (!trap || !chunk.includes(trap.marker)) {
        passOn(chunk);
        return;
      }
      armed = null;
      // Nothing the server says from here reaches the client.
      far.unpipe(client);
      if (trap.delivered) {
        // What is lost is the server's answer to the marked message: the client is cut once that
        // answer arrives, so the message was carried out (a cut as soon as it was written raced the
        // server's reading of it on a loaded machine).
        far.once('data', () => {
          client.destroy();
          setTimeout(close, 200);
          trap.done();
        });
        far.resume();
        far.write(chunk);
      } else {
        close();
        trap.done();
      }
    });
    far.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const cut = () => {
    for (const [client, far] of pairs) {
      client.destroy();
      far.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    url: url.toString(),
    cut,
    down() {
      refusing = true;
      cut();
    },
    up() {
      refusing = false;
    },
    cutAt: (marker, delivered) => new Promise<void>((done) => (armed = { marker: Buffer.from(marker), delivered, done })),
    slow(ms) {
      delayMs = ms;
    },
    get open() {
      return pairs.size;
    },
    stop: () =>
      new Promise((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
