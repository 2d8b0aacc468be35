import { z } from 'zod'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { perkViewSchema } from '../perk-view'
import { userHoldings } from '../user-holdings'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** #12 GET /users/:userId/portfolio: a user's points across the network. */
export const userPortfolioTool = defineAgentTool({
  name: 'loyalty_agent_user_portfolio',
  title: 'User portfolio',
  description:
    "A user's points across the network: the token balance on chain, what they earned and redeemed at each brand (latest activity first), and the costliest perk they can claim now with that balance. userId is an email or a 0x address.",
  method: 'GET',
  path: '/users/:userId/portfolio',
  auth: 'signed',
  group: 'commerce',
  input: z.object({ userId: agentInputs.userId }),
  output: z.object({
    userId: z.string(),
    walletAddress: z.string(),
    /** Whole tokens on chain (network-wide). */
    totalBalance: z.number(),
    brands: z.array(
      z.object({
        brandId: z.string(),
        name: z.string(),
        events: z.number().int(),
        earned: z.number(),
        redeemed: z.number(),
        lastActiveAt: z.string().nullable(),
      }),
    ),
    streaks: z.array(z.object({ kind: z.string(), current: z.number().int(), longest: z.number().int() })),
    /** The costliest active, in-stock perk costing ≤ totalBalance that the user has not claimed to its limit. */
    bestAffordablePerk: perkViewSchema.extend({ brandName: z.string() }).nullable(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const { user, balance, activity, brands, perks } = await userHoldings(ctx, input.userId)
    const names = new Map(brands.map((b) => [b.id, b.name]))
    const lastActive = (a: (typeof activity)[number]) => Math.max(a.lastEventAt ?? 0, a.lastRedemptionAt ?? 0) || null
    const best = perks
      .filter((p) => !p.maxed && p.cost <= balance)
      .sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name))[0]
    return {
      userId: input.userId,
      walletAddress: user.walletAddress,
      totalBalance: balance,
      brands: activity
        .map((a) => ({
          brandId: a.brandId,
          name: names.get(a.brandId) ?? '',
          events: a.events,
          earned: a.earned,
          redeemed: a.redeemed,
          lastActive: lastActive(a),
        }))
        .sort((a, b) => (b.lastActive ?? 0) - (a.lastActive ?? 0) || a.name.localeCompare(b.name))
        .map(({ lastActive: at, ...b }) => ({ ...b, lastActiveAt: iso(at) })),
      streaks: [],
      // The output schema drops the user's `maxed` flag.
      bestAffordablePerk: best ? { ...best, brandName: names.get(best.brandId) ?? '' } : null,
    }
  },
})
