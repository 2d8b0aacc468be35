import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { analyticsPeriod } from '../analytics-period'
import { brandCategoryOrOther } from '../brand-category'
import { round125 } from '../round-125'

const TIERS = [
  { name: 'Starter reward', percentile: 25, why: 'a quarter of your members can afford it now' },
  { name: 'Core reward', percentile: 50, why: 'half of your members can afford it now' },
  { name: 'Premium reward', percentile: 90, why: 'a goal for all but your top 10 % of members' },
] as const

/** Nearest-rank percentile of ascending `values` (non-empty). */
const percentile = (values: number[], p: number) =>
  values[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] as number

/** #45 GET /brands/:brandId/suggestions/perks: perk prices fitted to what members hold at the brand. */
export const suggestPerksTool = defineAgentTool({
  name: 'loyalty_agent_suggest_perks',
  title: 'Suggest perks',
  description:
    "Three perks a brand could offer, priced from its members' net points at the brand (earned minus redeemed there): at the 25th, 50th and 90th percentile, rounded to 1, 2 or 5 × 10^n, with a supply of max(10, 20 % of the members active in 30 days), and the distribution they come from.",
  method: 'GET',
  path: '/brands/:brandId/suggestions/perks',
  auth: 'public',
  group: 'program',
  input: z.object({ brandId: agentInputs.brandId }),
  output: z.object({
    brandId: z.string(),
    suggestions: z.array(
      z.object({
        name: z.string(),
        category: z.string(),
        priceInPoints: z.number(),
        maxSupply: z.number().int(),
        rationale: z.string(),
      }),
    ),
    /** Members with a positive net at the brand, and its percentiles and mean (2 dp). */
    balanceDistribution: z.object({
      members: z.number().int(),
      p25: z.number(),
      p50: z.number(),
      p90: z.number(),
      mean: z.number(),
    }),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const brand = await requireBrand(ctx.storage, input.brandId)
    const { current } = analyticsPeriod.of('30d', ctx.clock.now())
    const [nets, active] = await Promise.all([
      ctx.storage.analytics.memberNets({ brandId: brand.id, until: current.until }),
      ctx.storage.analytics.activityTotals({ brandId: brand.id, ...current }),
    ])
    const held = nets.filter((n) => n > 0).sort((a, b) => a - b)
    if (held.length === 0) {
      return {
        brandId: brand.id,
        suggestions: [],
        balanceDistribution: { members: 0, p25: 0, p50: 0, p90: 0, mean: 0 },
      }
    }
    const maxSupply = Math.max(10, Math.round(0.2 * active.users))
    const category = brandCategoryOrOther(brand)
    return {
      brandId: brand.id,
      suggestions: TIERS.map((t) => {
        const at = percentile(held, t.percentile)
        return {
          name: t.name,
          category,
          priceInPoints: round125(at),
          maxSupply,
          rationale: `p${t.percentile} of members' points at the brand is ${at}: ${t.why}`,
        }
      }),
      balanceDistribution: {
        members: held.length,
        p25: percentile(held, 25),
        p50: percentile(held, 50),
        p90: percentile(held, 90),
        mean: analyticsMath.round2(held.reduce((s, n) => s + n, 0) / held.length),
      },
    }
  },
})
