import type { AdminPrincipal } from '@loyaltykit/engine'
import type { Request } from 'express'
import { bearerToken } from '../http/bearer-token'
import type { AdminDeps } from './admin-route-group'

/** The caller of an admin request: `Authorization: Bearer <operator key | brand API key>` (docs/admin-api.md#auth). */
export async function authenticateAdminRequest(deps: AdminDeps, req: Request): Promise<AdminPrincipal> {
  return deps.engine.admin.authenticate({ token: bearerToken(req) })
}
