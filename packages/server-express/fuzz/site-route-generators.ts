import {
  checkInRequestSchema,
  claimMilestoneRequestSchema,
  getStreakRequestSchema,
  redeemSitePerkRequestSchema,
  siteLeaderboardRequestSchema,
} from '@loyaltykit/engine/schemas'
import type { FuzzFixture } from './fuzz-fixture'
import type { RouteGenerator } from './route-generators'

const siteUser = (f: FuzzFixture) => ({ id: 'fuzz-1', email: f.member.email, displayName: 'Fuzz member' })

/**
 * The upstream site API (docs/site-plugin.md): the brand's API key, the site user in the body, and the
 * brand id (optional on the wire; sent here so another brand's key is refused, not served its own brand).
 */
export const SITE_ROUTE_GENERATORS: Record<string, RouteGenerator> = {
  'POST /loyalty-api/site/checkin': {
    surface: 'event_handler',
    input: 'body',
    schema: checkInRequestSchema,
    auth: 'api-key',
    base: (f) => ({ brandId: f.brand.brandId, user: siteUser(f) }),
  },
  'GET /loyalty-api/site/streak': {
    surface: 'event_handler',
    input: 'query',
    schema: getStreakRequestSchema,
    auth: 'api-key',
    base: (f) => ({ brandId: f.brand.brandId, userId: 'fuzz-1' }),
  },
  'POST /loyalty-api/site/claim-milestone': {
    surface: 'event_handler',
    input: 'body',
    schema: claimMilestoneRequestSchema,
    auth: 'api-key',
    base: (f) => ({ brandId: f.brand.brandId, user: siteUser(f), milestoneDays: 7 }),
  },
  'POST /loyalty-api/site/redeem': {
    surface: 'event_handler',
    input: 'body',
    schema: redeemSitePerkRequestSchema,
    auth: 'api-key',
    base: (f) => ({ brandId: f.brand.brandId, user: siteUser(f), perkId: f.perkId }),
  },
  'GET /loyalty-api/site/leaderboard': {
    surface: 'event_handler',
    input: 'query',
    schema: siteLeaderboardRequestSchema,
    auth: 'api-key',
    base: (f) => ({ brandId: f.brand.brandId, metric: 'rsnc_earned', period: 'week', limit: '10' }),
  },
}
