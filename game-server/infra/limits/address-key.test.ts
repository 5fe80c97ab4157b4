import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('one address key for every per-address limit', () => {
  it("when an IPv4 address arrives IPv4-mapped, then it shares the plain address's key", () => {
    expect(addressKey('198.18.0.7')).toBe('198.18.0.7');
    expect(addressKey('::ffff:198.18.0.7')).toBe('198.18.0.7');
    expect(addressKey('::FFFF:c612:0007')).toBe('198.18.0.7');
  });

  it('when IPv6 addresses share a /64, then they share a key; another /64 gets its own', () => {
    const home = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:abcd'].map(addressKey);
    expect(new Set(home)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('when the address cannot be parsed, then it is its own key', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
