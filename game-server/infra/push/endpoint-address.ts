import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// docs/rules.md §11 "Push": the server POSTs to whatever endpoint a browser handed over, so an
// endpoint is a door into the network the server stands in (SSRF). Only public hosts on https's
// own port are taken, checked when a device subscribes and again, after the name is resolved, on
// every POST, so a name that later points inward is refused too.

const INWARD = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INWARD.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INWARD.addSubnet(network, prefix, 'ipv6');

/** Whether an address is reachable only from inside: private, loopback, link-local, shared, multicast or reserved. */
export function isInwardAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INWARD.check(mapped[1], 'ipv4');
  return INWARD.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|arpa)$/i;

/**
 * Why the server will not POST to this endpoint, or null when it will. With `allowLocal` (tests
 * only: PUSH_ALLOW_LOCAL_ENDPOINTS) any http(s) URL is taken.
 */
export function endpointRefusal(endpoint: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be an https URL';
  }
  if (allowLocal) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'The endpoint must be an http(s) URL';
  if (url.protocol !== 'https:') return 'The endpoint must be an https URL';
  if (url.username !== '' || url.password !== '') return 'The endpoint must not carry a user name or password';
  if (url.port !== '') return 'The endpoint must use https on its own port';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return 'The endpoint must name its host, not an IP address';
  if (!host.includes('.') || LOCAL_NAMES.test(host.replace(/\.$/, ''))) return 'The endpoint must be a public host';
  return null;
}

/** A DNS lookup for the POST that fails when the name resolves to any inward address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...(options as LookupAllOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const inward = addresses.find((entry) => isInwardAddress(entry.address));
    if (inward || addresses.length === 0)
      return callback(Object.assign(new Error(`${hostname} resolves to an address inside the network`), { code: 'EINWARD' }), '', 0);
    if ((options as LookupAllOptions).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};
