import type { z } from 'zod'
import type { brandAudienceTool } from '../tools/brand-audience'
import type { browsePerksTool } from '../tools/browse-perks'
import type { compareBrandsTool } from '../tools/compare-brands'
import type { eventPerformanceTool } from '../tools/event-performance'
import type { listBrandsTool } from '../tools/list-brands'
import type { networkStatsTool } from '../tools/network-stats'
import type { perkAnalyticsTool } from '../tools/perk-analytics'
import type { perkIntelligenceTool } from '../tools/perk-intelligence'
import type { suggestPerksTool } from '../tools/suggest-perks'
import type { ConverseEntities } from './converse-entities'
import { fmt, fmtCount } from './converse-format'
import type { ConverseIntent } from './converse-intent'
import type { ConverseStep, StepData } from './converse-step'
import { goalSentences } from './goal-sentences'
import { healthSentences } from './health-sentences'
import { purchaseSentences } from './purchase-sentences'

type Out<T extends { output: z.ZodType }> = z.output<T['output']>

const n = fmt
const count = fmtCount

const stepData =
  (steps: readonly ConverseStep[]): StepData =>
  <T>(short: string) =>
    steps.find((s) => s.status === 'ok' && s.tool === `loyalty_agent_${short}`)?.data as T | undefined

function compare(get: StepData, steps: readonly ConverseStep[]): string[] {
  const cb = get<Out<typeof compareBrandsTool>>('compare_brands')
  if (!cb) {
    const analytics = steps.filter((s) => s.status === 'ok' && s.tool === 'loyalty_agent_brand_analytics')
    return analytics.map((s) => {
      const a = s.data as {
        brandId: string
        period: string
        totals: { activeUsers: number; tokensDistributed: number }
      }
      return `${a.brandId}: ${n(a.totals.activeUsers)} active users and ${n(a.totals.tokensDistributed)} points distributed in ${a.period}.`
    })
  }
  const name = (id: string | null | undefined) => cb.brands.find((b) => b.brandId === id)?.name ?? id ?? 'none'
  const out = [
    `Over the last ${cb.period}: ${cb.brands
      .map(
        (b) =>
          `${b.name} reached ${count(b.metrics.customersReached, 'customer')} with ${count(b.metrics.transactions, 'reward event')} and ${n(b.metrics.tokensDistributed)} points distributed (${n(b.metrics.perkUtilization)}% redeemed)`,
      )
      .join('; ')}.`,
  ]
  const top = cb.winners.tokensDistributed
  if (top)
    out.push(
      `${name(top)} distributed the most points; ${name(cb.winners.customersReached)} reached the most customers.`,
    )
  if (cb.insights[0]) out.push(cb.insights[0])
  return out
}

function perkIdeas(get: StepData, e: ConverseEntities): string[] {
  const out: string[] = []
  const brand = e.brands[0]?.name ?? 'this brand'
  const sp = get<Out<typeof suggestPerksTool>>('suggest_perks')
  if (sp && sp.suggestions.length > 0) {
    out.push(
      `Perk ideas for ${brand}: ${sp.suggestions.map((s) => `${s.name} at ${n(s.priceInPoints)} points (supply ${n(s.maxSupply)})`).join('; ')}; members' median balance there is ${n(sp.balanceDistribution.p50)} points.`,
    )
  } else if (sp) out.push(`${brand} has no members with points yet, so there is no price to suggest perks at.`)
  const pi = get<Out<typeof perkIntelligenceTool>>('perk_intelligence')
  const hottest = pi ? [...pi.perks].sort((a, b) => b.heatScore - a.heatScore)[0] : undefined
  if (hottest) {
    out.push(
      `Its hottest perk now is ${hottest.name} (${hottest.heat}, heat ${hottest.heatScore}/100, ${n(hottest.claims30d)} claims in 30 days).`,
    )
  } else if (pi) out.push(`${brand} offers no perks yet.`)
  const pa = get<Out<typeof perkAnalyticsTool>>('perk_analytics')
  if (pa) out.push(`${n(pa.totals.redemptions)} redemptions so far; breakage ${n(pa.totals.breakage)}%.`)
  const ba = get<Out<typeof brandAudienceTool>>('brand_audience')
  const top = ba?.archetypes[0]
  if (ba && top) {
    out.push(`Its ${n(ba.users)} members of the last 90 days are mostly ${top.archetype} (${n(top.share)}%).`)
  } else if (ba) out.push(`${brand} has had no active members in the last 90 days.`)
  return out
}

function discovery(get: StepData): string[] {
  const out: string[] = []
  const lb = get<Out<typeof listBrandsTool>>('list_brands')
  if (lb) {
    const names = lb.brands.slice(0, 8).map((b) => b.name)
    out.push(
      `${n(lb.total)} brand${lb.total === 1 ? '' : 's'}${lb.total > 0 ? `: ${names.join(', ')}${lb.total > names.length ? ', …' : ''}` : ''}.`,
    )
  }
  const bp = get<Out<typeof browsePerksTool>>('browse_perks')
  const first = bp?.perks[0]
  if (bp && first) {
    out.push(
      `${count(bp.total, 'perk')} available, from ${first.name} at ${first.brandName} (${n(first.cost)} points).`,
    )
  } else if (bp) out.push('No perks are available right now.')
  const ns = get<Out<typeof networkStatsTool>>('network_stats')
  if (ns) {
    out.push(
      `The network counts ${n(ns.users)} users, ${n(ns.rewardEvents)} reward events and ${n(ns.tokensDistributed)} points distributed.`,
    )
  }
  return out
}

/**
 * The rule planner's answer text, one template per intent (agent-api.md (d) step 4), made only of
 * figures from the steps' results, then one line per failed step.
 */
export function converseResponse(intent: ConverseIntent, e: ConverseEntities, steps: readonly ConverseStep[]): string {
  const get = stepData(steps)
  const sentences =
    intent === 'compare'
      ? compare(get, steps)
      : intent === 'health'
        ? healthSentences(get, e, get<Out<typeof eventPerformanceTool>>('event_performance'))
        : intent === 'perk_optimization'
          ? perkIdeas(get, e)
          : intent === 'purchase_routing'
            ? purchaseSentences(get, e)
            : intent === 'goal'
              ? goalSentences(get, e)
              : discovery(get)
  for (const s of steps) {
    if (s.status === 'failed') sentences.push(`(${s.tool.replace(/^loyalty_agent_/, '')} failed: ${s.error?.message})`)
  }
  if (sentences.length === 0) return 'I could not find an answer to that in the loyalty network.'
  return sentences.join(' ')
}
