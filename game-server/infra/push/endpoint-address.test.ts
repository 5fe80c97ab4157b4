import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { endpointRefusal, isInwardAddress, publicOnlyLookup } from './endpoint-address.ts';

const lookUp = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    publicOnlyLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses as unknown as LookupAddress[]),
    ),
  );

describe('[§11 push] the server POSTs only to public push services', () => {
  it('when an address is private, loopback, link-local, shared, mapped or reserved, then it is inward; a public one is not', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isInwardAddress(address), address).toBe(true);
    for (const address of ['142.250.74.106', '2a00:1450:4001:82a::200a', '::ffff:142.250.74.106'])
      expect(isInwardAddress(address), address).toBe(false);
  });

  it('when the endpoint is a push service’s https URL, then it is taken; local ones only with the tests’ switch', () => {
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull();
    expect(endpointRefusal('https://web.push.apple.com:443/QGuQ', false)).toBeNull();
    expect(endpointRefusal('http://127.0.0.1:4000/device', false)).toBe('The endpoint must be an https URL');
    expect(endpointRefusal('http://127.0.0.1:4000/device', true)).toBeNull();
    expect(endpointRefusal('ftp://127.0.0.1/device', true)).toBe('The endpoint must be an http(s) URL');
    expect(endpointRefusal('https://0x7f.1/', false)).toBe('The endpoint must name its host, not an IP address');
    expect(endpointRefusal('https://metadata.google.internal/', false)).toBe('The endpoint must be a public host');
  });

  it('when a name resolves inward, then the POST’s lookup fails before any connection', async () => {
    await expect(lookUp('localhost')).rejects.toMatchObject({
      code: 'EINWARD',
      message: 'localhost resolves to an address inside the network',
    });
  });
});
