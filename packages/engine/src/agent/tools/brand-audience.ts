import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { archetypeRows, audienceArchetypes, audienceSchemas, engagementRows, platformRows } from '../audience-profile'
import { DAY_MS } from '../day-ms'
import { median } from '../median'
import { offeredPerks } from '../network-perks'
import { PERSONA_ARCHETYPES } from '../persona-archetype'

/** #41 GET /intelligence/brands/:brandId/audience: who the brand's members of the last 90 days are. */
export const brandAudienceTool = defineAgentTool({
  name: 'loyalty_agent_brand_audience',
  title: 'Brand audience',
  description:
    "Who a brand's members are: the users with an event at the brand in the last 90 days, by persona archetype (new, champion, redeemer, explorer, saver, loyalist, at_risk, dormant, casual), by engagement (events at the brand in the last 30 days: high ≥ 10, medium 3-9, low 1-2, inactive 0), by the platform their events came from, and how the archetype mix moved against 30 days earlier.",
  method: 'GET',
  path: '/intelligence/brands/:brandId/audience',
  auth: 'public',
  group: 'analytics',
  input: z.object({ brandId: agentInputs.brandId }),
  output: z.object({
    brandId: z.string(),
    from: z.string(),
    to: z.string(),
    users: z.number().int(),
    archetypes: audienceSchemas.archetypes,
    engagement: audienceSchemas.engagement,
    platforms: audienceSchemas.platforms,
    archetypeDrift: z.array(
      z.object({
        archetype: z.enum(PERSONA_ARCHETYPES),
        shareNow: z.number(),
        sharePrev: z.number(),
        change: z.number(),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const brand = await requireBrand(ctx.storage, input.brandId)
    const brandId = brand.id
    const now = ctx.clock.now()
    const before = now - 30 * DAY_MS
    const a = ctx.storage.analytics
    const [members, earlier, sources, perks] = await Promise.all([
      a.walletActivity({ wallets: { brandId, since: now - 90 * DAY_MS, until: now }, asOf: now }),
      a.walletActivity({ wallets: { brandId, since: before - 90 * DAY_MS, until: before }, asOf: before }),
      ctx.storage.activity.eventSources({ brandId, since: now - 90 * DAY_MS, until: now, limit: 5000 }),
      offeredPerks(ctx),
    ])
    const medianPerkCost = median(perks.map((p) => p.cost))
    const nowCounts = audienceArchetypes(members, { asOf: now, medianPerkCost })
    const prevCounts = audienceArchetypes(earlier, { asOf: before, medianPerkCost })
    const share = (counts: Map<string, number>, archetype: string, total: number) =>
      analyticsMath.percent(counts.get(archetype) ?? 0, total)
    return {
      brandId,
      from: new Date(now - 90 * DAY_MS).toISOString(),
      to: new Date(now).toISOString(),
      users: members.length,
      archetypes: archetypeRows(nowCounts, members.length),
      engagement: engagementRows(members, members.length),
      platforms: platformRows(sources),
      archetypeDrift: PERSONA_ARCHETYPES.filter((x) => nowCounts.has(x) || prevCounts.has(x)).map((archetype) => {
        const shareNow = share(nowCounts, archetype, members.length)
        const sharePrev = share(prevCounts, archetype, earlier.length)
        return { archetype, shareNow, sharePrev, change: analyticsMath.round2(shareNow - sharePrev) }
      }),
    }
  },
})
