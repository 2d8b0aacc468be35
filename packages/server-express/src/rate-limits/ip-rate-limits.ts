import type { Engine, Logger } from '@loyaltykit/engine'
import { Router } from 'express'
import { type IpLimitSurfacesParameters, ipLimitSurfaces } from './ip-limit-surfaces'
import { ipRateLimit } from './ip-rate-limit'

/** One router with the per-IP limit of every public surface the app serves, each on its own paths. */
export function ipRateLimits(engine: Engine, logger: Logger, p: IpLimitSurfacesParameters): Router {
  const router = Router()
  for (const surface of ipLimitSurfaces(p)) {
    router.use(surface.paths, ipRateLimit(engine, surface, { ipv6Subnet: p.settings.ipv6Subnet, logger }))
  }
  return router
}
