import { isIP } from 'node:net';
import type { Request } from 'express';

/** Whether the caller is on this machine; req.ip is the client's address behind a trusted local proxy, so a proxied stranger is not. */
export function fromLoopback(req: Request): boolean {
  const address = req.ip ?? '';
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(plain) !== 0 && (plain === '::1' || plain.startsWith('127.'));
}
