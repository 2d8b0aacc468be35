import type { Engine } from '@loyaltykit/engine'
import { Router } from 'express'
import { adminBrandRoutes } from './admin-brand-routes'
import { adminPerkRoutes } from './admin-perk-routes'
import { adminReadRoutes } from './admin-read-routes'
import type { AdminDeps, AdminRouteGroup } from './admin-route-group'

/** Every admin route group: adding one is one line here (docs/admin-api.md#adding-routes). */
const ADMIN_ROUTE_GROUPS: readonly AdminRouteGroup[] = [adminBrandRoutes, adminReadRoutes, adminPerkRoutes]

/** Every admin operation, for the OpenAPI document. */
export const ADMIN_OPERATIONS = ADMIN_ROUTE_GROUPS.flatMap((g) => g.operations)

/**
 * The admin API (docs/admin-api.md) under `/admin/v1`: routes on their full paths, errors in the
 * `admin` shape (createApp sets the surface for the whole prefix), POSTs behind `Idempotency-Key`.
 */
export function adminRouter(engine: Engine, options: Omit<AdminDeps, 'engine'> = {}): Router {
  const router = Router()
  for (const group of ADMIN_ROUTE_GROUPS) group.register(router, { ...options, engine })
  return router
}
