import { createHash, randomBytes } from 'node:crypto';

// The tokens of links that are their own key (an ad's receipt, an address's confirmation): 256
// random bits, of which only the SHA-256 is stored, so a copy of the tables opens no link.

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
