import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { ledgerLeaderboard } from '../../ledger/ledger-leaderboard'
import { leaderboardEntrySchema, leaderboardMetricSchema } from '../../ledger/ledger-leaderboard-schema'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'

/** The agent API's periods (the spec's): rolling 24 hours, 7 days, 30 days, or all time. */
const agentLeaderboardPeriodSchema = z.enum(['daily', 'weekly', 'monthly', 'all_time'])

/** #9 GET /brands/:brandId/leaderboard: a brand's top members, the site plugin's board (`engine.ledger.leaderboard`). */
export const leaderboardTool = defineAgentTool({
  name: 'loyalty_agent_leaderboard',
  title: 'Brand leaderboard',
  description:
    "A brand's top members: metric rsnc_earned (tokens earned, default), activity (rewarded actions) or streak (current daily check-in streak); period daily, weekly, monthly (rolling 24 h, 7 or 30 days) or all_time (default); limit 1-100 (default 10). Wallets are masked; username is the display name a site sent, else null.",
  method: 'GET',
  path: '/brands/:brandId/leaderboard',
  auth: 'public',
  group: 'discover',
  input: z.object({
    brandId: agentInputs.brandId,
    metric: leaderboardMetricSchema.default('rsnc_earned'),
    period: agentLeaderboardPeriodSchema.default('all_time'),
    limit: agentInputs.integer(1, 100, 10),
  }),
  output: z.object({
    leaderboard: z.array(leaderboardEntrySchema),
    metric: leaderboardMetricSchema,
    period: agentLeaderboardPeriodSchema,
    /** Members ranked in all (not only this page). */
    total: z.number().int(),
    /** Start of the window (ISO 8601); null for all_time and for streak (the period does not apply). */
    since: z.string().nullable(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    await requireBrand(ctx.storage, input.brandId)
    const board = await ledgerLeaderboard(ctx, input)
    return {
      leaderboard: board.entries,
      metric: board.metric,
      period: input.period,
      total: board.total,
      since: board.since,
    }
  },
})
