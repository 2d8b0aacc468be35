import { CONSTRAINT_PATHS } from '../constraints/constraint-routes'
import { EVENT_HANDLER_PATHS } from '../events/event-routes'
import { IDENTITY_PATHS } from '../identity/identity-routes'
import { PAYMENT_PATHS } from '../payments/payment-routes'
import { PERK_CHARGE_PATHS } from '../perks/perk-charge-routes'
import { POINTS_SALE_ITEMS_PATH } from '../points-sale/points-sale-routes'
import { PREGENERATION_PATH } from '../pregeneration/pregeneration-routes'
import { RELAY_PATH } from '../relay/relay-routes'
import { SITE_PATH } from '../site/site-routes'
import type { IpLimitSettings } from './ip-limit-settings'
import type { IpRateLimitSurface } from './ip-rate-limit'

export type IpLimitSurfacesParameters = {
  settings: IpLimitSettings
  /** The event handler is served. */
  eventHandler: boolean
  /** The payment endpoints are served. */
  payments: boolean
  /** The relayer and perk charges are served under this prefix ('' = none); undefined: not served. */
  relayBasePath: string | undefined
}

/** Prefixes of the three proof endpoints (`/loyalty-api/events/:eventId`, …). */
const PROOF_PATHS = ['/loyalty-api/events', '/loyalty-api/payments', '/loyalty-api/redemptions']

const tooMany = (limit: number, what: string) =>
  `Too many requests: at most ${limit} ${what} per minute from one address`

/**
 * Every public surface with its per-IP window (docs/rate-limits.md). A new public surface (agent
 * public routes, the site upstream) adds one entry here and one variable in config/rate-limits-section.ts.
 * Health, probes, `sdk.js` and the Stripe webhook are on no surface: never limited.
 */
export function ipLimitSurfaces(p: IpLimitSurfacesParameters): IpRateLimitSurface[] {
  const n = p.settings.perMinute
  const surfaces: IpRateLimitSurface[] = [
    {
      name: 'pregeneration',
      paths: [PREGENERATION_PATH],
      limit: n.pregeneration,
      errorSurface: 'pregeneration',
      // The spec's pregeneration 429.
      message: 'Rate limit exceeded, please try again later',
    },
    {
      name: 'identity',
      paths: IDENTITY_PATHS,
      limit: n.identity,
      errorSurface: 'generic',
      message: tooMany(n.identity, 'identity requests'),
    },
    {
      name: 'constraints',
      paths: CONSTRAINT_PATHS,
      limit: n.constraints,
      errorSurface: 'event_handler',
      message: tooMany(n.constraints, 'constraint invalidations'),
      exemptKeyScopes: ['constraints'],
    },
  ]
  if (p.eventHandler) {
    surfaces.push({
      name: 'event-handler',
      paths: EVENT_HANDLER_PATHS,
      limit: n.eventHandler,
      errorSurface: 'event_handler',
      message: tooMany(n.eventHandler, 'event-handler requests'),
      exemptKeyScopes: ['events'],
    })
  }
  // The proofs of issuance (events, payments, redemptions): public reads, full with an `events` key.
  surfaces.push({
    name: 'proofs',
    paths: PROOF_PATHS,
    limit: n.proofs,
    errorSurface: 'event_handler',
    message: tooMany(n.proofs, 'proof requests'),
    exemptKeyScopes: ['events'],
  })
  // Member reads: brand backends with a key (`events` or `members_read`), not counted; guesses are.
  surfaces.push({
    name: 'members',
    paths: ['/loyalty-api/members'],
    limit: n.members,
    errorSurface: 'event_handler',
    message: tooMany(n.members, 'member requests'),
    exemptKeyScopes: ['events', 'members_read'],
  })
  // The upstream site API: site plugins with their key (`site` or `events`), not counted; guesses are.
  surfaces.push({
    name: 'site',
    paths: [SITE_PATH],
    limit: n.site,
    errorSurface: 'event_handler',
    message: tooMany(n.site, 'site API requests'),
    exemptKeyScopes: ['site', 'events'],
  })
  if (p.payments) {
    surfaces.push({
      name: 'payments',
      paths: PAYMENT_PATHS,
      limit: n.payments,
      errorSurface: 'event_handler',
      message: tooMany(n.payments, 'payment requests'),
    })
  }
  const base = p.relayBasePath
  if (base !== undefined) {
    surfaces.push(
      {
        name: 'relayer',
        // The points-sale listing serves the purchase relayed next: the same window.
        paths: [RELAY_PATH, POINTS_SALE_ITEMS_PATH].map((path) => `${base}${path}`),
        limit: n.relayer,
        errorSurface: 'relayer',
        message: tooMany(n.relayer, 'relayer requests'),
      },
      {
        name: 'perk-charges',
        paths: PERK_CHARGE_PATHS.map((path) => `${base}${path}`),
        limit: n.perkCharges,
        errorSurface: 'relayer',
        message: tooMany(n.perkCharges, 'perk-charge requests'),
      },
    )
  }
  return surfaces.filter((s) => s.limit > 0)
}
