import type { Brand } from '@loyaltykit/engine'
import { z } from 'zod'
import { adminBrandSchema } from './admin-brand-view'
import { adminListQuerySchema, adminListSchema, pageOf, parseAdminListQuery } from './admin-list'
import { adminOperation } from './admin-operation'
import { adminRoute } from './admin-route'
import type { AdminRouteGroup } from './admin-route-group'

const view = (b: Brand): z.infer<typeof adminBrandSchema> => ({
  id: b.id,
  name: b.name,
  websites: b.websites,
  category: b.category,
  description: b.description,
  contactEmail: b.contactEmail,
  onboardedByAgentKeyId: b.onboardedByAgentKeyId,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
})

const LIST_BRANDS = adminOperation({
  method: 'get',
  path: '/brands',
  access: 'read',
  summary: 'List brands (operator: every brand; brand key: its own)',
  query: adminListQuerySchema,
  response: adminListSchema(adminBrandSchema),
})

const GET_BRAND = adminOperation({
  method: 'get',
  path: '/brands/:brandId',
  access: 'read',
  summary: 'One brand',
  response: z.object({ data: adminBrandSchema }),
})

/** Brands (docs/admin-api.md#brands). */
export const adminBrandRoutes: AdminRouteGroup = {
  operations: [LIST_BRANDS, GET_BRAND],
  register(router, { engine }) {
    adminRoute(router, { engine }, LIST_BRANDS, async (req, principal) => {
      const q = parseAdminListQuery(req.query)
      const brands =
        principal?.kind === 'brand'
          ? [await engine.brands.get({ brandId: principal.brandId })]
          : await engine.brands.list()
      const page = pageOf(brands, q, (b) => b.id)
      return { data: page.data.map(view), nextCursor: page.nextCursor }
    })
    adminRoute(router, { engine }, GET_BRAND, async (req) => ({
      data: view(await engine.brands.get({ brandId: String(req.params.brandId).toLowerCase() })),
    }))
  },
}
