import { z } from 'zod'
import type { EventSource } from '../ports/activity-store'
import type { AnalyticsStore } from '../ports/analytics-store'
import { analyticsMath } from './analytics-math'
import { eventPlatform } from './event-platform'
import { classifyPersona, PERSONA_ARCHETYPES, type PersonaArchetype } from './persona-archetype'

/** One wallet of an audience as the analytics store reads it (`walletActivity`). */
type AudienceWallet = Awaited<ReturnType<AnalyticsStore['walletActivity']>>[number]

/** Engagement levels by events at the brand in the last 30 days (docs/agent-api.md#audiences). */
const ENGAGEMENT_LEVELS = ['high', 'medium', 'low', 'inactive'] as const

/** How many events in 30 days make each level: high ≥ 10, medium 3–9, low 1–2, inactive 0. */
function engagementLevel(events30d: number): (typeof ENGAGEMENT_LEVELS)[number] {
  return events30d >= 10 ? 'high' : events30d >= 3 ? 'medium' : events30d >= 1 ? 'low' : 'inactive'
}

/** The output pieces the audience tools share. */
export const audienceSchemas = {
  archetypes: z.array(z.object({ archetype: z.enum(PERSONA_ARCHETYPES), count: z.number().int(), share: z.number() })),
  engagement: z.array(z.object({ level: z.enum(ENGAGEMENT_LEVELS), users: z.number().int(), share: z.number() })),
  platforms: z.array(
    z.object({ platform: z.string(), events: z.number().int(), users: z.number().int(), share: z.number() }),
  ),
}

/**
 * Each wallet's archetype by the persona rules (persona-archetype.ts) as of `asOf`, from what the
 * analytics store reads: events = its events of the last 90 days (the `new` rule only asks ≤ 3 of a
 * wallet whose first event is under 14 days old, all of them inside 90 days), balance = its ledger
 * net (every brand). `withoutEvents` wallets (claimers who never earned) are `casual`.
 */
export function audienceArchetypes(
  wallets: readonly AudienceWallet[],
  p: { asOf: number; medianPerkCost: number | null; withoutEvents?: number },
): Map<PersonaArchetype, number> {
  const counts = new Map<PersonaArchetype, number>()
  for (const w of wallets) {
    const { archetype } = classifyPersona(
      {
        firstEventAt: w.firstEventAt,
        lastEventAt: w.lastEventAt,
        events: w.events90d,
        events90d: w.events90d,
        earned: w.earned,
        redeemed: w.redeemed,
        redemptions: w.redemptions,
        brands: w.brands,
        balance: w.net,
        medianPerkCost: p.medianPerkCost,
      },
      p.asOf,
    )
    counts.set(archetype, (counts.get(archetype) ?? 0) + 1)
  }
  if (p.withoutEvents) counts.set('casual', (counts.get('casual') ?? 0) + p.withoutEvents)
  return counts
}

/** Archetype counts as `[{archetype, count, share}]`, most common first (share in percent of `total`). */
export function archetypeRows(counts: Map<PersonaArchetype, number>, total: number) {
  return PERSONA_ARCHETYPES.filter((a) => (counts.get(a) ?? 0) > 0)
    .map((archetype) => {
      const count = counts.get(archetype) ?? 0
      return { archetype, count, share: analyticsMath.percent(count, total) }
    })
    .sort((a, b) => b.count - a.count)
}

/** Wallets per engagement level (events at the brand in the 30 days before `asOf`); `withoutEvents` are inactive. */
export function engagementRows(wallets: readonly AudienceWallet[], total: number, withoutEvents = 0) {
  const users = new Map<string, number>(ENGAGEMENT_LEVELS.map((l) => [l, 0]))
  for (const w of wallets)
    users.set(engagementLevel(w.brandEvents30d), (users.get(engagementLevel(w.brandEvents30d)) ?? 0) + 1)
  users.set('inactive', (users.get('inactive') ?? 0) + withoutEvents)
  return ENGAGEMENT_LEVELS.map((level) => ({
    level,
    users: users.get(level) ?? 0,
    share: analyticsMath.percent(users.get(level) ?? 0, total),
  }))
}

/** Events and distinct wallets per platform (agent/event-platform.ts), most events first; share of events in percent. */
export function platformRows(sources: readonly EventSource[]) {
  const byPlatform = new Map<string, { events: number; wallets: Set<string> }>()
  for (const s of sources) {
    const platform = eventPlatform(s)
    const row = byPlatform.get(platform) ?? { events: 0, wallets: new Set<string>() }
    row.events += 1
    row.wallets.add(s.walletAddress)
    byPlatform.set(platform, row)
  }
  return [...byPlatform]
    .map(([platform, r]) => ({
      platform,
      events: r.events,
      users: r.wallets.size,
      share: analyticsMath.percent(r.events, sources.length),
    }))
    .sort((a, b) => b.events - a.events || a.platform.localeCompare(b.platform))
}
