import { createECDH, createPublicKey, hkdfSync, randomBytes, verify, createDecipheriv } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on this machine for tests (docs/rules.md §11 "Push"): it takes the game's POSTs,
// answers what the test tells it, and, holding the device's private key as a browser would,
// decrypts each body (RFC 8291, aes128gcm) and checks its VAPID signature (RFC 8292).

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the keys as it hands them over. */
export interface PushDevice {
  keys: { p256dh: string; auth: string };
  /** The plain text of an aes128gcm body encrypted to this device. */
  decrypt(body: Buffer): string;
}

export function pushDevice(): PushDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const devicePublic = ecdh.getPublicKey();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: devicePublic.toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublic = body.subarray(21, 21 + idLength);
      const secret = ecdh.computeSecret(serverPublic);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), devicePublic, serverPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
      const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const record = body.subarray(21 + idLength);
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then any zero padding.
      return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
    },
  };
}

/** The claims of a VAPID Authorization header whose signature verifies with the key it names; throws otherwise. */
export function vapidClaims(authorization: string | undefined, publicKey: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Not a VAPID Authorization header: ${authorization}`);
  const [, token, key] = match;
  if (key !== publicKey) throw new Error('The header names another key');
  const [header, claims, signature] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('The VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushEndpoint {
  /** http://127.0.0.1:port: a device's endpoint is this plus a path of the test's choosing. */
  url: string;
  received: ReceivedPush[];
  /** What the next POSTs to a path are answered (201 unless told), or how long they are left without an answer. */
  answer(path: string, reply: { status: number } | { hangMs: number }): void;
  stop(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const replies = new Map<string, { status: number } | { hangMs: number }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const reply = replies.get(path) ?? { status: 201 };
      if ('hangMs' in reply) setTimeout(() => response.writeHead(201).end(), reply.hangMs);
      else response.writeHead(reply.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (path, reply) => replies.set(path, reply),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
