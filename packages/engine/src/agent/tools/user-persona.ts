import { z } from 'zod'
import { getTokenBalance } from '../../identity/get-token-balance'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { DAY_MS } from '../day-ms'
import { earningAffinity } from '../earning-affinity'
import { eventPlatform } from '../event-platform'
import { findAgentUser } from '../find-agent-user'
import { median } from '../median'
import { offeredPerks } from '../network-perks'
import { classifyPersona, PERSONA_ARCHETYPES } from '../persona-archetype'
import { rfmQuintile } from '../rfm-quintile'

const pct = (v: number) => Math.round(v * 10000) / 100
const score = z.number().int().min(1).max(5)

/** #37 GET /intelligence/users/:userId/persona: who a user is as a loyalty member. */
export const userPersonaTool = defineAgentTool({
  name: 'loyalty_agent_user_persona',
  title: 'User persona',
  description:
    "A user's loyalty persona: an archetype (new, champion, redeemer, explorer, saver, loyalist, at_risk, dormant, casual) with the rule that gave it, RFM scores 1-5 against the network's wallets of the last 90 days, what and where they earn, their brand and category affinities, the price of what they redeem, and their place in the network. userId is an email or a 0x address.",
  method: 'GET',
  path: '/intelligence/users/:userId/persona',
  auth: 'signed',
  group: 'commerce',
  input: z.object({ userId: agentInputs.userId }),
  output: z.object({
    userId: z.string(),
    walletAddress: z.string(),
    archetype: z.enum(PERSONA_ARCHETYPES),
    reason: z.string(),
    rfm: z.object({
      recencyDays: z.number().int().nullable(),
      frequency90d: z.number().int(),
      monetary90d: z.number(),
      r: score,
      f: score,
      m: score,
    }),
    earnPatterns: z.object({
      eventTypes: z.array(z.object({ eventType: z.string(), claims: z.number().int(), tokens: z.number() })),
      platforms: z.array(z.object({ platform: z.string(), events: z.number().int(), share: z.number() })),
    }),
    affinities: z.object({
      brands: z.array(z.object({ brandId: z.string(), name: z.string(), share: z.number() })),
      categories: z.array(z.object({ category: z.string(), share: z.number() })),
    }),
    pricePreference: z.object({
      averageRedemption: z.number().nullable(),
      medianPerkCost: z.number().nullable(),
      tier: z.enum(['budget', 'mid', 'premium']).nullable(),
    }),
    networkPosition: z.object({ brandsCount: z.number().int(), earnedPercentile: z.number() }),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const now = ctx.clock.now()
    const since = now - 90 * DAY_MS
    const user = await findAgentUser(ctx, input.userId)
    const wallet = user.walletAddress
    const [onChain, perBrand, types90d, recent, brands, perks] = await Promise.all([
      getTokenBalance(ctx, { address: wallet }),
      ctx.storage.activity.walletBrands(wallet),
      ctx.storage.activity.walletEventTypes({ walletAddress: wallet, since }),
      ctx.storage.activity.walletEvents({ walletAddress: wallet, since, limit: 1000 }),
      ctx.storage.brands.list(),
      offeredPerks(ctx),
    ])
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
    const earnedAt = perBrand.filter((b) => b.events > 0)
    const firsts = earnedAt.map((b) => b.firstEventAt as number)
    const lasts = earnedAt.map((b) => b.lastEventAt as number)
    const lastEventAt = lasts.length > 0 ? Math.max(...lasts) : null
    const facts = {
      firstEventAt: firsts.length > 0 ? Math.min(...firsts) : null,
      lastEventAt,
      events: sum(perBrand.map((b) => b.events)),
      events90d: sum(types90d.map((t) => t.claims)),
      earned: sum(perBrand.map((b) => b.earned)),
      redeemed: sum(perBrand.map((b) => b.redeemed)),
      redemptions: sum(perBrand.map((b) => b.redemptions)),
      brands: earnedAt.length,
      balance: Number(onChain.balance),
      medianPerkCost: median(perks.map((p) => p.cost)),
    }
    const monetary90d = sum(types90d.map((t) => t.tokens))
    const standing = await ctx.storage.activity.walletStanding({
      since,
      frequency: facts.events90d,
      monetary: monetary90d,
      lastAt: lastEventAt ?? 0,
    })
    const byType = new Map<string, { claims: number; tokens: number }>()
    for (const t of types90d) {
      const a = byType.get(t.eventType) ?? { claims: 0, tokens: 0 }
      byType.set(t.eventType, { claims: a.claims + t.claims, tokens: a.tokens + t.tokens })
    }
    const platforms = new Map<string, number>()
    for (const e of recent) platforms.set(eventPlatform(e), (platforms.get(eventPlatform(e)) ?? 0) + 1)
    const brandById = new Map(brands.map((b) => [b.id, b]))
    const affinity = earningAffinity(perBrand, brandById)
    const average = facts.redemptions > 0 ? facts.redeemed / facts.redemptions : null
    const m = facts.medianPerkCost
    return {
      userId: input.userId,
      walletAddress: wallet,
      ...classifyPersona(facts, now),
      rfm: {
        recencyDays: lastEventAt === null ? null : Math.floor((now - lastEventAt) / DAY_MS),
        frequency90d: facts.events90d,
        monetary90d,
        r: rfmQuintile(lastEventAt === null ? 0 : standing.lessRecent, standing.wallets),
        f: rfmQuintile(standing.lessFrequent, standing.wallets),
        m: rfmQuintile(standing.lessEarned, standing.wallets),
      },
      earnPatterns: {
        eventTypes: [...byType]
          .map(([eventType, a]) => ({ eventType, ...a }))
          .sort((a, b) => b.claims - a.claims || b.tokens - a.tokens || a.eventType.localeCompare(b.eventType))
          .slice(0, 5),
        platforms: [...platforms]
          .map(([platform, events]) => ({ platform, events, share: pct(events / recent.length) }))
          .sort((a, b) => b.events - a.events || a.platform.localeCompare(b.platform)),
      },
      affinities: {
        brands: [...affinity.brands]
          .map(([brandId, share]) => ({ brandId, name: brandById.get(brandId)?.name ?? '', share: pct(share) }))
          .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name)),
        categories: [...affinity.categories]
          .map(([category, share]) => ({ category, share: pct(share) }))
          .sort((a, b) => b.share - a.share || a.category.localeCompare(b.category)),
      },
      pricePreference: {
        averageRedemption: average === null ? null : Math.round(average * 100) / 100,
        medianPerkCost: m,
        tier: priceTier(average, m),
      },
      networkPosition: {
        brandsCount: facts.brands,
        earnedPercentile: standing.wallets === 0 ? 0 : pct(standing.lessEarned / standing.wallets),
      },
    }
  },
})

/** What the user's average redemption costs against the network's median perk: < 0.75× budget, > 1.5× premium, else mid. */
function priceTier(average: number | null, medianCost: number | null): 'budget' | 'mid' | 'premium' | null {
  if (average === null || medianCost === null) return null
  return average < 0.75 * medianCost ? 'budget' : average > 1.5 * medianCost ? 'premium' : 'mid'
}
