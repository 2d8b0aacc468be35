import { BlockList, isIP } from 'node:net'

const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6')
}

/**
 * True for addresses an outgoing request must not reach unless allowed: loopback, private (RFC 1918,
 * unique local), link-local, CGNAT, documentation, benchmark, multicast and reserved ranges, the
 * unspecified address, and IPv4-mapped / NAT64 IPv6 forms (which could smuggle any of those).
 * Anything that is not an IP address is treated as private.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  // IPv4-mapped (::ffff:a.b.c.d) forms: Node's BlockList also matches IPv4 addresses against mapped
  // IPv6 rules, so they are refused here instead of with a ::ffff:0:0/96 rule.
  if (family === 6) return /^(0{0,4}:){0,5}:?ffff:/i.test(address) || blocked.check(address, 'ipv6')
  return true
}
