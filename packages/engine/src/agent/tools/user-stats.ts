import { z } from 'zod'
import { defineAgentTool } from '../agent-tool'
import { claimKeyOf } from '../claim-key'
import { redemptionView, redemptionViewSchema } from '../redemption-view'
import { ruleAvailability } from '../rule-availability'
import { userBalanceTool } from './user-balance'

/** #11 GET /users/:userId/brands/:brandId/stats: the balance plus what the user did and can do next at the brand. */
export const userStatsTool = defineAgentTool({
  name: 'loyalty_agent_user_stats',
  title: 'User stats at a brand',
  description:
    "A user's activity at one brand: balance and totals (as user_balance), reward events by type, the last 5 perk redemptions, and the events they can earn right now (enabled rules neither in cooldown nor at their claim limit). userId is an email or a 0x address.",
  method: 'GET',
  path: '/users/:userId/brands/:brandId/stats',
  auth: 'signed',
  group: 'commerce',
  input: userBalanceTool.input,
  output: userBalanceTool.output.extend({
    eventCount: z.number().int(),
    eventsByType: z.array(
      z.object({ eventType: z.string(), claims: z.number().int(), tokens: z.number(), lastAt: z.string() }),
    ),
    recentRedemptions: z.array(redemptionViewSchema),
    /** Streaks of the site plugin; empty until they are kept. */
    streaks: z.array(z.object({ kind: z.string(), current: z.number().int(), longest: z.number().int() })),
    achievements: z.array(z.string()),
    nextActions: z.array(
      z.object({
        eventType: z.string(),
        eventId: z.string(),
        rewardAmount: z.number(),
        /** Claims left to the user; null = unlimited. */
        remainingClaims: z.number().int().nullable(),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input, caller, settings) {
    const balance = await userBalanceTool.handler(ctx, input, caller, settings)
    const wallet = balance.walletAddress
    const [types, redemptions, rules] = await Promise.all([
      ctx.storage.activity.walletEventTypes({ walletAddress: wallet, brandId: input.brandId }),
      ctx.storage.ledger.listByWallet({
        walletAddress: wallet,
        brandId: input.brandId,
        kinds: ['redemption'],
        limit: 5,
      }),
      ruleAvailability(ctx, { brandId: input.brandId, walletAddress: wallet, claimKey: claimKeyOf(input.userId) }),
    ])
    return {
      ...balance,
      eventCount: types.reduce((sum, t) => sum + t.claims, 0),
      eventsByType: types
        .sort((a, b) => b.claims - a.claims || a.eventType.localeCompare(b.eventType))
        .map((t) => ({
          eventType: t.eventType,
          claims: t.claims,
          tokens: t.tokens,
          lastAt: new Date(t.lastAt).toISOString(),
        })),
      recentRedemptions: redemptions.entries.map(redemptionView),
      streaks: [],
      achievements: [],
      nextActions: rules
        .filter((r) => r.refusals.length === 0)
        .sort((a, b) => b.rule.rewardAmount - a.rule.rewardAmount || a.rule.eventType.localeCompare(b.rule.eventType))
        .map((r) => ({
          eventType: r.rule.eventType,
          eventId: r.rule.eventId,
          rewardAmount: r.rule.rewardAmount,
          remainingClaims: r.remainingClaims,
        })),
    }
  },
})
