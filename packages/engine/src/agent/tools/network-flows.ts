import { z } from 'zod'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { analyticsPeriod } from '../analytics-period'
import { brandCategoryOrOther } from '../brand-category'

type Side = { inflow: number; outflow: number }

/** #42 GET /network/flows: where members earn and where they spend, brand to brand. */
export const networkFlowsTool = defineAgentTool({
  name: 'loyalty_agent_network_flows',
  title: 'Network flows',
  description:
    "How points move between brands over the last 7, 30 or 90 days (period, default 30d): a member's home brand is where they earned most; a redemption at another brand is a flow from home to that brand. Flows by category pair, and per brand its inflow, outflow and net in tokens, with its role: attractor (net inflow), emitter (net outflow) or balanced (net within 10 % of its flows).",
  method: 'GET',
  path: '/network/flows',
  auth: 'public',
  group: 'analytics',
  input: z.object({ period: analyticsPeriod.schema() }),
  output: z.object({
    period: z.string(),
    totals: z.object({
      redemptions: z.number().int(),
      /** Redemptions away from the member's home brand. */
      crossBrandRedemptions: z.number().int(),
      /** crossBrandRedemptions / redemptions of members with a home brand, percent. */
      crossBrandShare: z.number(),
      /** Redemptions by wallets that never earned (no home brand). */
      unattributed: z.number().int(),
    }),
    categoryFlows: z.array(
      z.object({ from: z.string(), to: z.string(), redemptions: z.number().int(), tokens: z.number() }),
    ),
    brands: z.array(
      z.object({
        brandId: z.string(),
        name: z.string(),
        inflow: z.number(),
        outflow: z.number(),
        net: z.number(),
        role: z.enum(['emitter', 'attractor', 'balanced']),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const p = analyticsPeriod.of(input.period, ctx.clock.now())
    const [{ redemptions, earnings }, brandList] = await Promise.all([
      ctx.storage.analytics.redemptionFlows(p.current),
      ctx.storage.brands.list(),
    ])
    const brands = new Map(brandList.map((b) => [b.id, b]))
    // Home brand: most earned, the smaller brand id on a tie (earnings come ordered by wallet, brand).
    const home = new Map<string, { brandId: string; earned: number }>()
    for (const e of earnings) {
      const h = home.get(e.walletAddress)
      if (!h || e.earned > h.earned) home.set(e.walletAddress, { brandId: e.brandId, earned: e.earned })
    }
    const pairs = new Map<string, { from: string; to: string; redemptions: number; tokens: number }>()
    const sides = new Map<string, Side>()
    const side = (id: string) => sides.get(id) ?? (sides.set(id, { inflow: 0, outflow: 0 }).get(id) as Side)
    let total = 0
    let cross = 0
    let unattributed = 0
    for (const r of redemptions) {
      total += r.redemptions
      const from = home.get(r.walletAddress)?.brandId
      if (from === undefined) {
        unattributed += r.redemptions
        continue
      }
      if (from === r.brandId) continue
      cross += r.redemptions
      side(r.brandId).inflow += r.tokens
      side(from).outflow += r.tokens
      const [fc, tc] = [brandCategoryOrOther(brands.get(from)), brandCategoryOrOther(brands.get(r.brandId))]
      const pair = pairs.get(`${fc}>${tc}`) ?? { from: fc, to: tc, redemptions: 0, tokens: 0 }
      pair.redemptions += r.redemptions
      pair.tokens += r.tokens
      pairs.set(`${fc}>${tc}`, pair)
    }
    return {
      period: p.period,
      totals: {
        redemptions: total,
        crossBrandRedemptions: cross,
        crossBrandShare: analyticsMath.percent(cross, total - unattributed),
        unattributed,
      },
      categoryFlows: [...pairs.values()].sort(
        (x, y) => y.tokens - x.tokens || x.from.localeCompare(y.from) || x.to.localeCompare(y.to),
      ),
      brands: [...sides]
        .map(([brandId, s]) => {
          const net = s.inflow - s.outflow
          const role: 'emitter' | 'attractor' | 'balanced' =
            Math.abs(net) <= 0.1 * (s.inflow + s.outflow) ? 'balanced' : net > 0 ? 'attractor' : 'emitter'
          return {
            brandId,
            name: brands.get(brandId)?.name ?? brandId,
            inflow: s.inflow,
            outflow: s.outflow,
            net,
            role,
          }
        })
        .sort((x, y) => y.net - x.net || x.brandId.localeCompare(y.brandId)),
    }
  },
})
