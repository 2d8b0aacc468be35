import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import type { AdminList, AdminListParams } from './admin-read-methods'
import { adminRequest } from './admin-route'

/** A brand as the admin API answers it (docs/admin-api.md#brands); never a key or secret. */
export type AdminBrand = {
  id: string
  name: string
  websites: string[]
  category: string | null
  description: string | null
  contactEmail: string | null
  onboardedByAgentKeyId: string | null
  /** Epoch ms. */
  createdAt: number
  updatedAt: number
}

/** The brands of `client.admin` (routes of docs/admin-api.md#brands). */
export type AdminBrandMethods = {
  brands: {
    /** GET /admin/v1/brands: every brand (operator key) or the key's own (brand key), one page. */
    list(params?: AdminListParams, options?: RequestOptions): Promise<AdminList<AdminBrand>>
  }
}

export function adminBrandMethods(ctx: ClientContext): AdminBrandMethods {
  return {
    brands: {
      list: (params = {}, options) =>
        adminRequest(
          ctx,
          {
            name: 'brands.list',
            method: 'GET',
            path: '/brands',
            query: { limit: params.limit, cursor: params.cursor },
          },
          options,
        ),
    },
  }
}
