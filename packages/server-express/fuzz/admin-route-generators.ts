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
}
