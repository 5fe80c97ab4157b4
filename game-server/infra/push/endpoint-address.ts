import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// docs/rules.md §11 "Push": the server POSTs to whatever endpoint a browser handed over, so an
// endpoint is a door into the network the server stands in (SSRF). Only public hosts on https's
// own port are taken, checked when a device subscribes and again, after the name is resolved, on
// every POST, so a name that later points inward is refused too.

// Two lists: one BlockList matches an IPv4 address against IPv4-mapped IPv6 ranges too.
const INWARD_V4 = new BlockList();
const INWARD_V6 = new BlockList();
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
  INWARD_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INWARD_V6.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d, ::ffff:7f00:1) stands for, if it is one. */
function mappedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is reachable only from inside: private, loopback, link-local, shared, multicast or reserved. */
export function isInwardAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return INWARD_V4.check(address, 'ipv4');
  const mapped = mappedIpv4(address);
  return mapped ? INWARD_V4.check(mapped, 'ipv4') : INWARD_V6.check(address, 'ipv6');
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
