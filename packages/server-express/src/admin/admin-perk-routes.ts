import type { PerkRecord } from '@loyaltykit/engine'
import { createPerkParametersSchema } from '@loyaltykit/engine/schemas'
import { z } from 'zod'
import { adminListQuerySchema, adminListSchema, pageOf, parseAdminListQuery } from './admin-list'
import { adminOperation } from './admin-operation'
import { adminRoute } from './admin-route'
import type { AdminRouteGroup } from './admin-route-group'

/** A perk collection as the admin API answers it (docs/admin-api.md#perks). */
const adminPerkSchema = z
  .object({
    id: z.string(),
    /** On-chain id in the deployment's PerkCollection. */
    collectionId: z.number().int(),
    brandId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    /** Whole tokens, decimal string. */
    price: z.string(),
    /** 0 = unlimited. */
    maxSupply: z.number().int(),
    maxPerUser: z.number().int(),
    charges: z.number().int(),
    isActive: z.boolean(),
    tags: z.array(z.string()),
    discountCode: z.string().nullable(),
    /** The createCollection transaction and its block. */
    transactionHash: z.string(),
    blockNumber: z.number().int(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .meta({ id: 'AdminPerk' })

const view = (p: PerkRecord): z.output<typeof adminPerkSchema> => ({
  id: p.id,
  collectionId: p.collectionId,
  brandId: p.brandId,
  name: p.name,
  description: p.description,
  category: p.category,
  price: p.price,
  maxSupply: p.maxSupply,
  maxPerUser: p.maxPerUser,
  charges: p.charges,
  isActive: p.isActive,
  tags: p.tags,
  discountCode: p.discountCode,
  transactionHash: p.transactionHash,
  blockNumber: p.blockNumber,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
})

const LIST_PERKS = adminOperation({
  method: 'get',
  path: '/brands/:brandId/perks',
  access: 'read',
  summary: "The brand's perk collections, oldest first",
  query: adminListQuerySchema,
  response: adminListSchema(adminPerkSchema),
})

const CREATE_PERK = adminOperation({
  method: 'post',
  path: '/brands/:brandId/perks',
  access: 'write',
  summary: 'Create a perk collection on chain (Idempotency-Key honoured)',
  body: createPerkParametersSchema.omit({ brandId: true }),
  response: z.object({ data: adminPerkSchema }),
})

/** Perks (docs/admin-api.md#perks). */
export const adminPerkRoutes: AdminRouteGroup = {
  operations: [LIST_PERKS, CREATE_PERK],
  register(router, deps) {
    const { engine } = deps
    adminRoute(router, deps, LIST_PERKS, async (req) => {
      const q = parseAdminListQuery(req.query)
      const page = pageOf(await engine.perks.list({ brandId: String(req.params.brandId) }), q, (p) => p.id)
      return { data: page.data.map(view), nextCursor: page.nextCursor }
    })
    adminRoute(router, deps, CREATE_PERK, async (req) => {
      const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>
      const perk = await engine.perks.create({ ...body, brandId: String(req.params.brandId) } as never)
      return { data: view(perk) }
    })
  },
}
