// The ceiling of the API bench: a bare node:http server that answers every request with the very
// bytes and content headers the game answered once (its brotli world), and does nothing else. No
// server in Node sends that answer faster; a load generator that cannot read it faster than this
// measures itself, not the game.
import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveStats } from './server-stats.ts';

// node:http, not fetch, which would decompress the body.
const source = await new Promise<IncomingMessage>((resolve, reject) =>
  get(process.env.SOURCE_URL!, { headers: { 'accept-encoding': 'br' } }, resolve).on('error', reject),
);
const chunks: Buffer[] = [];
for await (const chunk of source) chunks.push(chunk as Buffer);
const body = Buffer.concat(chunks);
const headers = {
  'content-type': source.headers['content-type']!,
  'content-encoding': source.headers['content-encoding']!,
  etag: source.headers.etag!,
};

const server = createServer((_req, res) => {
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
serveStats(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, async () => {
  server.close();
});
