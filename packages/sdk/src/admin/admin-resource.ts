import type { ClientContext } from '../core/client-context'
import { type AdminBrandMethods, adminBrandMethods } from './admin-brand-methods'
import { type AdminReadMethods, adminReadMethods } from './admin-read-methods'

/**
 * `client.admin`: the admin API `/admin/v1` (docs/admin-api.md) with the client's `adminKey`, one
 * method per route. Objects come back as the body's `data`; lists as `{ data, nextCursor }`.
 */
export type AdminResource = AdminBrandMethods & AdminReadMethods

export function adminResource(ctx: ClientContext): AdminResource {
  return { ...adminBrandMethods(ctx), ...adminReadMethods(ctx) }
}
