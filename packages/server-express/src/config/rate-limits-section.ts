import { IP_LIMIT_DEFAULTS, type IpLimitSettings } from '../rate-limits/ip-limit-settings'
import { defineSection } from './define-section'
import { envValue } from './env-value'

export type RateLimitsConfig = IpLimitSettings

const d = IP_LIMIT_DEFAULTS.perMinute
const perMinute = (fallback: number, what: string) =>
  envValue
    .integer({ min: 0, max: 100_000_000, default: fallback })
    .describe(`${what} per client IP per minute; \`0\` turns this limit off.`)

export const rateLimitsSection = defineSection({
  title: 'Per-IP rate limits',
  summary:
    'Requests per client address per clock minute, one window per public surface, shared by every server process on the database ([rate-limits.md](rate-limits.md)). The client address is the one Express reads under `LOYALTYKIT_TRUST_PROXY`; callers with a valid brand API key are not counted.',
  variables: {
    LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE: perMinute(
      d.eventHandler,
      'Event-handler requests (manual-event, bulk-events, check-eligibility, event-config, verify-dns)',
    ),
    LOYALTYKIT_PREGENERATION_IP_PER_MINUTE: perMinute(d.pregeneration, '`pregenerate-user` requests'),
    LOYALTYKIT_RELAYER_IP_PER_MINUTE: perMinute(d.relayer, '`/relay` requests (the spec’s 100)'),
    LOYALTYKIT_PERK_CHARGES_IP_PER_MINUTE: perMinute(
      d.perkCharges,
      'Perk-charge requests (`redeem-perk`, `check-perk-status`, `list-perk-holders`)',
    ),
    LOYALTYKIT_IDENTITY_IP_PER_MINUTE: perMinute(
      d.identity,
      '`/auth/dev-login` and user wallet API (`/wallet…`) requests',
    ),
    LOYALTYKIT_CONSTRAINTS_IP_PER_MINUTE: perMinute(d.constraints, 'Constraint-cache invalidation requests'),
    LOYALTYKIT_PROOFS_IP_PER_MINUTE: perMinute(
      d.proofs,
      'Proof requests (`/loyalty-api/events/:eventId`, `/payments/:sessionId`, `/redemptions/:redemptionId`)',
    ),
    LOYALTYKIT_MEMBERS_IP_PER_MINUTE: perMinute(
      d.members,
      'Member reads without a valid brand key (`/loyalty-api/members/…`; keyed brand backends are not counted)',
    ),
    LOYALTYKIT_SITE_IP_PER_MINUTE: perMinute(
      d.site,
      'Upstream site API requests without a valid brand key (`/loyalty-api/site/…`; site plugins with their key are not counted)',
    ),
    LOYALTYKIT_PAYMENTS_IP_PER_MINUTE: perMinute(
      d.payments,
      'Payment requests (`create-checkout`, `payment-mint`, the dev checkout page; not the Stripe webhook)',
    ),
    LOYALTYKIT_RATE_LIMIT_IPV6_SUBNET: envValue
      .integer({ min: 32, max: 128, default: IP_LIMIT_DEFAULTS.ipv6Subnet })
      .describe(
        'IPv6 clients are counted per subnet of this prefix length: `56` (one home or small-office allocation) by default; `64` is more lenient, `128` counts single addresses.',
      ),
  },
  read(v): RateLimitsConfig {
    return {
      perMinute: {
        eventHandler: v.LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE,
        pregeneration: v.LOYALTYKIT_PREGENERATION_IP_PER_MINUTE,
        relayer: v.LOYALTYKIT_RELAYER_IP_PER_MINUTE,
        perkCharges: v.LOYALTYKIT_PERK_CHARGES_IP_PER_MINUTE,
        identity: v.LOYALTYKIT_IDENTITY_IP_PER_MINUTE,
        constraints: v.LOYALTYKIT_CONSTRAINTS_IP_PER_MINUTE,
        payments: v.LOYALTYKIT_PAYMENTS_IP_PER_MINUTE,
        proofs: v.LOYALTYKIT_PROOFS_IP_PER_MINUTE,
        members: v.LOYALTYKIT_MEMBERS_IP_PER_MINUTE,
        site: v.LOYALTYKIT_SITE_IP_PER_MINUTE,
      },
      ipv6Subnet: v.LOYALTYKIT_RATE_LIMIT_IPV6_SUBNET,
    }
  },
})
