import * as s from '@loyaltykit/engine/schemas'
import type { ApiOperation } from './api-operation'

const site = { tag: 'Site API', auth: ['brandApiKey'], errors: 'event_handler' } as const

/** The upstream site API for site plugins (docs/site-plugin.md), with the brand's API key. */
export const SITE_OPERATIONS: readonly ApiOperation[] = [
  {
    ...site,
    method: 'post',
    path: '/loyalty-api/site/checkin',
    summary: "A site user's daily check-in",
    body: s.checkInRequestSchema,
    response: s.checkInResponseSchema,
  },
  {
    ...site,
    method: 'get',
    path: '/loyalty-api/site/streak',
    summary: "A site user's streak",
    query: s.getStreakRequestSchema,
    response: s.getStreakResponseSchema,
  },
  {
    ...site,
    method: 'post',
    path: '/loyalty-api/site/claim-milestone',
    summary: 'Claim a streak milestone',
    body: s.claimMilestoneRequestSchema,
    response: s.claimMilestoneResponseSchema,
  },
  {
    ...site,
    method: 'post',
    path: '/loyalty-api/site/redeem',
    summary: 'Redeem a perk for a site user',
    body: s.redeemSitePerkRequestSchema,
    response: s.redeemSitePerkResponseSchema,
  },
  {
    ...site,
    method: 'get',
    path: '/loyalty-api/site/leaderboard',
    summary: "The brand's leaderboard",
    query: s.siteLeaderboardRequestSchema,
    response: s.siteLeaderboardResponseSchema,
  },
]
