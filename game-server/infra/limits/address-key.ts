import ipaddr from 'ipaddr.js';

/**
 * The key every per-address limit counts under. An IPv4 address is itself, also when it arrives
 * IPv4-mapped (`::ffff:198.18.0.7`, as a dual-stack socket reports it), so the two spellings share
 * one bucket. An IPv6 address counts by its /64: providers hand a home, a phone or a server a whole
 * /64 and the owner picks any of its 2^64 addresses at will, so counting single addresses would
 * give one person as many buckets as it cares to use. Anything unparseable is its own key.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const [a, b, c, d] = (parsed as ipaddr.IPv6).parts;
  return `${[a, b, c, d].map((part) => part.toString(16)).join(':')}::/64`;
}
