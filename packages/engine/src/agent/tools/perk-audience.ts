import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { NotFoundError } from '../../errors/common-errors'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { archetypeRows, audienceArchetypes, audienceSchemas, engagementRows, platformRows } from '../audience-profile'
import { DAY_MS } from '../day-ms'
import { median } from '../median'
import { offeredPerks } from '../network-perks'

/** #40 GET /intelligence/brands/:brandId/perks/:collectionId/audience: who claimed a perk. */
export const perkAudienceTool = defineAgentTool({
  name: 'loyalty_agent_perk_audience',
  title: 'Perk audience',
  description:
    "Who claimed one of a brand's perks (collectionId): the number of claimers, their persona archetypes (new, champion, redeemer, explorer, saver, loyalist, at_risk, dormant, casual), their engagement at the brand (events in the last 30 days: high ≥ 10, medium 3-9, low 1-2, inactive 0) and the platforms their events at the brand came from in the last 90 days.",
  method: 'GET',
  path: '/intelligence/brands/:brandId/perks/:collectionId/audience',
  auth: 'public',
  group: 'analytics',
  input: z.object({
    brandId: agentInputs.brandId,
    collectionId: agentInputs
      .integer(1, Number.MAX_SAFE_INTEGER, Number.NaN)
      .refine((v) => !Number.isNaN(v), 'is required'),
  }),
  output: z.object({
    brandId: z.string(),
    collectionId: z.number().int(),
    perkId: z.string(),
    name: z.string(),
    claimers: z.number().int(),
    archetypes: audienceSchemas.archetypes,
    engagement: audienceSchemas.engagement,
    platforms: audienceSchemas.platforms,
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const brand = await requireBrand(ctx.storage, input.brandId)
    const brandId = brand.id
    const { collectionId } = input
    const perk = await ctx.storage.perks.getByCollectionId(collectionId)
    if (!perk || perk.brandId !== brandId) {
      throw new NotFoundError(`No perk collection ${collectionId} at brand ${brandId}`, 'PERK_NOT_FOUND', {
        brandId,
        collectionId,
      })
    }
    const now = ctx.clock.now()
    const a = ctx.storage.analytics
    const [earners, redemptions, sources, perks] = await Promise.all([
      a.walletActivity({ wallets: { brandId, collectionId, until: now }, asOf: now }),
      a.perkRedemptions({ brandId, until: now }),
      ctx.storage.activity.eventSources({ brandId, since: now - 90 * DAY_MS, until: now, collectionId, limit: 5000 }),
      offeredPerks(ctx),
    ])
    const claimers = Math.max(earners.length, redemptions.find((r) => r.collectionId === collectionId)?.redeemers ?? 0)
    const withoutEvents = claimers - earners.length
    const counts = audienceArchetypes(earners, {
      asOf: now,
      medianPerkCost: median(perks.map((p) => p.cost)),
      withoutEvents,
    })
    return {
      brandId,
      collectionId,
      perkId: perk.id,
      name: perk.name,
      claimers,
      archetypes: archetypeRows(counts, claimers),
      engagement: engagementRows(earners, claimers, withoutEvents),
      platforms: platformRows(sources),
    }
  },
})
