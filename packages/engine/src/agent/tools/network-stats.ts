import { z } from 'zod'
import { defineAgentTool } from '../agent-tool'
import { DAY_MS } from '../day-ms'

const count = z.number().int()

/** #2 GET /network/stats: the network's size and its last 30 days. */
export const networkStatsTool = defineAgentTool({
  name: 'loyalty_agent_network_stats',
  title: 'Network stats',
  description:
    'Size of the loyalty network: brands (and those with a reward event in the last 30 days), users who earned (and those active in the last 30 days), reward events, tokens distributed, perks and perk redemptions.',
  method: 'GET',
  path: '/network/stats',
  auth: 'public',
  group: 'discover',
  input: z.object({}),
  output: z.object({
    brands: count,
    activeBrands30d: count,
    users: count,
    activeUsers30d: count,
    rewardEvents: count,
    /** Σ rewards of every event, whole tokens. */
    tokensDistributed: z.number(),
    perks: count,
    redemptions: count,
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx) {
    const t = await ctx.storage.activity.networkTotals({ activeSince: ctx.clock.now() - 30 * DAY_MS })
    return {
      brands: t.brands,
      activeBrands30d: t.activeBrands,
      users: t.users,
      activeUsers30d: t.activeUsers,
      rewardEvents: t.rewardEvents,
      tokensDistributed: t.tokensDistributed,
      perks: t.perks,
      redemptions: t.redemptions,
    }
  },
})
