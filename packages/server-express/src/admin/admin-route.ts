import type { AdminPrincipal } from '@loyaltykit/engine'
import type { Request, Response, Router } from 'express'
import type { AdminOperation } from './admin-operation'
import type { AdminDeps } from './admin-route-group'
import { authenticateAdminRequest } from './authenticate-admin-request'
import { authorizeAdmin } from './authorize-admin'

/** A route's handler: the answer's body (`{ data }` or a list page), sent 200 with `Cache-Control: no-store`. */
export type AdminHandler = (req: Request, principal: AdminPrincipal | undefined, res: Response) => Promise<unknown>

/**
 * Mounts `op` on `router` at its full path: authenticates the caller (unless `access: 'none'`),
 * authorizes it for the route and the `:brandId` in the path (authorize-admin.ts), runs `handler`.
 */
export function adminRoute(router: Router, deps: AdminDeps, op: AdminOperation, handler: AdminHandler): void {
  router[op.method](op.path, async (req, res) => {
    let principal: AdminPrincipal | undefined
    if (op.access !== 'none') {
      principal = await authenticateAdminRequest(deps, req)
      const brandId = typeof req.params.brandId === 'string' ? req.params.brandId : undefined
      authorizeAdmin(principal, op.access, brandId)
    }
    const body = await handler(req, principal, res)
    res.setHeader('Cache-Control', 'no-store')
    res.json(body)
  })
}
