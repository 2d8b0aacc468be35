import {
  brandOverviewParametersSchema,
  createPerkParametersSchema,
  listBrandLedgerParametersSchema,
  previewRuleParametersSchema,
  searchMembersParametersSchema,
} from '@loyaltykit/engine/schemas'
import { adminListQuerySchema } from '../src/admin/admin-list'
import type { FuzzFixture } from './fuzz-fixture'
import type { RouteGenerator } from './route-generators'

const brandParam = (f: FuzzFixture) => ({ brandId: f.brand.brandId })

/**
 * The admin API (docs/admin-api.md): the first brand's admin:write key (`other-brand`: the second
 * brand's), its brand id in the path. One entry per admin route; route groups append theirs here.
 */
export const ADMIN_ROUTE_GENERATORS: Record<string, RouteGenerator> = {
  'GET /admin/v1/brands': {
    surface: 'admin',
    input: 'query',
    schema: adminListQuerySchema,
    auth: 'admin-key',
    base: () => ({ limit: 10 }),
  },
  'GET /admin/v1/brands/:brandId': {
    surface: 'admin',
    input: 'none',
    auth: 'admin-key',
    base: () => ({}),
    params: brandParam,
  },
  'GET /admin/v1/brands/:brandId/members': {
    surface: 'admin',
    input: 'query',
    schema: searchMembersParametersSchema.omit({ brandId: true }),
    auth: 'admin-key',
    base: (f) => ({ q: f.member.email }),
    params: brandParam,
  },
  'GET /admin/v1/brands/:brandId/members/:member': {
    surface: 'admin',
    input: 'none',
    auth: 'admin-key',
    base: () => ({}),
    params: (f) => ({ ...brandParam(f), member: f.member.walletAddress }),
  },
  'GET /admin/v1/brands/:brandId/ledger': {
    surface: 'admin',
    input: 'query',
    schema: listBrandLedgerParametersSchema.omit({ brandId: true, cursor: true }),
    auth: 'admin-key',
    base: (f) => ({ wallet: f.member.walletAddress, kind: 'reward', limit: 5 }),
    params: brandParam,
  },
  'GET /admin/v1/brands/:brandId/overview': {
    surface: 'admin',
    input: 'query',
    schema: brandOverviewParametersSchema.omit({ brandId: true }),
    auth: 'admin-key',
    base: () => ({ days: 7 }),
    params: brandParam,
  },
  'GET /admin/v1/brands/:brandId/pipeline': {
    surface: 'admin',
    input: 'none',
    auth: 'admin-key',
    base: () => ({}),
    params: brandParam,
  },
  'POST /admin/v1/brands/:brandId/rules/:eventType/preview': {
    surface: 'admin',
    input: 'body',
    schema: previewRuleParametersSchema.omit({ brandId: true, eventType: true }),
    auth: 'admin-key',
    base: (f) => ({ userEmail: f.member.email }),
    params: (f) => ({ ...brandParam(f), eventType: 'account_creation' }),
  },
  'GET /admin/v1/brands/:brandId/perks': {
    surface: 'admin',
    input: 'query',
    schema: adminListQuerySchema,
    auth: 'admin-key',
    base: () => ({ limit: 10 }),
    params: brandParam,
  },
  'POST /admin/v1/brands/:brandId/perks': {
    surface: 'admin',
    input: 'body',
    schema: createPerkParametersSchema.omit({ brandId: true }),
    auth: 'admin-key',
    base: () => ({ name: 'Fuzz perk', price: 1000000 }),
    params: brandParam,
  },
}
