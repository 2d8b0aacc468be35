import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { brandCategoryOrOther } from '../brand-category'

/** The event types every program should consider, with the reward and cooldown used when peers are too few. */
const CATALOGUE = [
  { eventType: 'account_creation', rewardAmount: 100, cooldownHours: 0 },
  { eventType: 'newsletter_subscribe', rewardAmount: 25, cooldownHours: 0 },
  { eventType: 'review_submission', rewardAmount: 100, cooldownHours: 24 },
  { eventType: 'referral', rewardAmount: 1000, cooldownHours: 0 },
  { eventType: 'purchase', rewardAmount: 50, cooldownHours: 0 },
] as const

/** Peers needed before their median replaces the default. */
const MIN_PEERS = 3

/** The median of `values` (sorted ascending), the mean of the middle two rounded for an even count. */
const median = (values: number[]) => {
  const mid = Math.floor(values.length / 2)
  return values.length % 2 === 1
    ? (values[mid] as number)
    : Math.round(((values[mid - 1] as number) + (values[mid] as number)) / 2)
}

/** #44 GET /brands/:brandId/suggestions/events: catalogue event types the brand lacks, priced from its peers. */
export const suggestEventsTool = defineAgentTool({
  name: 'loyalty_agent_suggest_events',
  title: 'Suggest events',
  description:
    'Reward events a brand does not offer yet (of account_creation, newsletter_subscribe, review_submission, referral, purchase), each with a suggested reward: the median of at least 3 other brands of the same category that offer it, else a default, and a cooldown.',
  method: 'GET',
  path: '/brands/:brandId/suggestions/events',
  auth: 'public',
  group: 'program',
  input: z.object({ brandId: agentInputs.brandId }),
  output: z.object({
    brandId: z.string(),
    category: z.string(),
    suggestions: z.array(
      z.object({
        eventType: z.string(),
        rewardAmount: z.number(),
        cooldownHours: z.number(),
        basis: z.enum(['category_median', 'default']),
        /** Other brands of the category offering it. */
        peers: z.number().int(),
        rationale: z.string(),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const brand = await requireBrand(ctx.storage, input.brandId)
    const category = brandCategoryOrOther(brand)
    const peers = (await ctx.storage.brands.list()).filter(
      (b) => b.id !== brand.id && brandCategoryOrOther(b) === category,
    )
    const [own, peerRules] = await Promise.all([
      ctx.storage.rules.list(brand.id),
      Promise.all(peers.map((b) => ctx.storage.rules.list(b.id))),
    ])
    const offered = new Set(own.map((r) => r.eventType))
    const suggestions = CATALOGUE.filter((c) => !offered.has(c.eventType)).map((c) => {
      const rewards = peerRules
        .map((rules) => rules.find((r) => r.eventType === c.eventType)?.rewardAmount)
        .filter((v): v is number => v !== undefined)
        .sort((a, b) => a - b)
      const fromPeers = rewards.length >= MIN_PEERS
      return {
        eventType: c.eventType,
        rewardAmount: fromPeers ? median(rewards) : c.rewardAmount,
        cooldownHours: c.cooldownHours,
        basis: fromPeers ? ('category_median' as const) : ('default' as const),
        peers: rewards.length,
        rationale: fromPeers
          ? `Median reward of ${rewards.length} other ${category} brands offering ${c.eventType}`
          : `Default reward: ${rewards.length} other ${category} brand(s) offer ${c.eventType}, fewer than ${MIN_PEERS}`,
      }
    })
    return { brandId: brand.id, category, suggestions }
  },
})
