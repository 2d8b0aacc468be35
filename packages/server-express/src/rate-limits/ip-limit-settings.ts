import { RELAY_REQUESTS_PER_MINUTE_PER_IP } from '@loyaltykit/engine'

/** The public surfaces that each have their own per-IP window (docs/rate-limits.md). */
type IpLimitSurfaceName =
  | 'eventHandler'
  | 'pregeneration'
  | 'relayer'
  | 'perkCharges'
  | 'identity'
  | 'constraints'
  | 'payments'
  | 'proofs'
  | 'members'
  | 'site'

/** Per-IP limits of the public surfaces (docs/configuration.md#per-ip-rate-limits). */
export type IpLimitSettings = {
  /** Requests per client address (IPv6: per subnet) per clock minute, per surface; 0 = not limited. */
  perMinute: Readonly<Record<IpLimitSurfaceName, number>>
  /** IPv6 addresses are counted per subnet of this prefix length (`/56`: one customer's allocation). */
  ipv6Subnet: number
}

/** The documented defaults (the relayer's 100 a minute is the spec's, §8 of spec 02). */
export const IP_LIMIT_DEFAULTS: IpLimitSettings = {
  perMinute: {
    eventHandler: 600,
    pregeneration: 300,
    relayer: RELAY_REQUESTS_PER_MINUTE_PER_IP,
    perkCharges: 100,
    identity: 120,
    constraints: 60,
    payments: 60,
    proofs: 120,
    members: 60,
    site: 60,
  },
  ipv6Subnet: 56,
}
