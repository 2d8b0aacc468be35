import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { NotFoundError } from '../../errors/common-errors'
import { getTokenBalance } from '../../identity/get-token-balance'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { claimKeyOf } from '../claim-key'
import { findAgentUser } from '../find-agent-user'
import { goalPath } from '../goal-path'
import { type PerkView, perkViews } from '../perk-view'
import { ruleAvailability } from '../rule-availability'
import { userPerks } from '../user-perks'

const perkGoalSchema = z.object({
  perkId: z.string(),
  name: z.string(),
  brandId: z.string(),
  cost: z.number(),
  /** max(0, cost − balance). */
  pointsNeeded: z.number(),
  /** min(100, floor(100 × balance / cost)); 100 for a free perk. */
  progressPercent: z.number().int(),
})

/** #34 GET /users/:userId/goals: the next perk a user can work towards, and how to earn it. */
export const nextGoalTool = defineAgentTool({
  name: 'loyalty_agent_next_goal',
  title: "A user's next goal",
  description:
    "The perk a user is closest to affording (the smallest pointsNeeded = cost − balance above 0 among active, in-stock perks not claimed to their limit; optionally at brandId) or the perk targetPerkId, with progress, and a path: the brand's rules the user can still earn, highest reward first, each as many times as needed within its claims left, the actions that makes and the days the cooldowns take. Up to 3 alternatives. userId is an email or a 0x address.",
  method: 'GET',
  path: '/users/:userId/goals',
  auth: 'signed',
  group: 'commerce',
  input: z.object({
    userId: agentInputs.userId,
    brandId: agentInputs.brandId.optional(),
    targetPerkId: z.string().trim().min(1).max(64).optional(),
  }),
  output: z.object({
    userId: z.string(),
    walletAddress: z.string(),
    /** Whole tokens on chain (network-wide). */
    balance: z.number(),
    goal: perkGoalSchema
      .extend({
        canAffordNow: z.boolean(),
        path: z.array(z.object({ eventType: z.string(), rewardAmount: z.number(), count: z.number().int() })),
        actionsNeeded: z.number().int(),
        reachable: z.boolean(),
        estimatedDays: z.number().int().nullable(),
      })
      .nullable(),
    alternatives: z.array(perkGoalSchema),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const user = await findAgentUser(ctx, input.userId)
    if (input.brandId !== undefined) await requireBrand(ctx.storage, input.brandId)
    const records =
      input.brandId === undefined ? await ctx.storage.perks.list() : await ctx.storage.perks.listForBrand(input.brandId)
    const [onChain, perks] = await Promise.all([
      getTokenBalance(ctx, { address: user.walletAddress }),
      userPerks(ctx, user.walletAddress, records),
    ])
    const balance = Number(onChain.balance)
    const progress = (p: PerkView) => ({
      perkId: p.id,
      name: p.name,
      brandId: p.brandId,
      cost: p.cost,
      pointsNeeded: Math.max(0, p.cost - balance),
      progressPercent: p.cost <= 0 ? 100 : Math.min(100, Math.floor((100 * balance) / p.cost)),
    })
    const goals = perks
      .filter((p) => !p.maxed)
      .map(progress)
      .filter((g) => g.pointsNeeded > 0)
      .sort(
        (a, b) => a.pointsNeeded - b.pointsNeeded || a.name.localeCompare(b.name) || a.perkId.localeCompare(b.perkId),
      )
    let target = goals[0]
    if (input.targetPerkId !== undefined) {
      const record = records.find((r) => r.id === input.targetPerkId)
      if (!record)
        throw new NotFoundError(`No perk ${input.targetPerkId}`, 'PERK_NOT_FOUND', { perkId: input.targetPerkId })
      target = progress((await perkViews(ctx, [record]))[0] as PerkView)
    }
    if (target === undefined)
      return { userId: input.userId, walletAddress: user.walletAddress, balance, goal: null, alternatives: [] }
    const rules = await ruleAvailability(ctx, {
      brandId: target.brandId,
      walletAddress: user.walletAddress,
      claimKey: claimKeyOf(input.userId),
    })
    return {
      userId: input.userId,
      walletAddress: user.walletAddress,
      balance,
      goal: {
        ...target,
        canAffordNow: balance >= target.cost,
        ...goalPath(rules, target.pointsNeeded, ctx.clock.now()),
      },
      alternatives: goals.filter((g) => g.perkId !== target.perkId).slice(0, 3),
    }
  },
})
