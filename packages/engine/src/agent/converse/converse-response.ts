import type { z } from 'zod'
import type { browsePerksTool } from '../tools/browse-perks'
import type { compareBrandsTool } from '../tools/compare-brands'
import type { compareCashbackTool } from '../tools/compare-cashback'
import type { eventPerformanceTool } from '../tools/event-performance'
import type { listBrandsTool } from '../tools/list-brands'
import type { networkStatsTool } from '../tools/network-stats'
import type { perkAnalyticsTool } from '../tools/perk-analytics'
import type { perkIntelligenceTool } from '../tools/perk-intelligence'
import type { suggestPerksTool } from '../tools/suggest-perks'
import type { userPortfolioTool } from '../tools/user-portfolio'
import type { userRecommendationsTool } from '../tools/user-recommendations'
import type { ConverseEntities } from './converse-entities'
import { fmt, fmtCount, fmtUsd } from './converse-format'
import type { ConverseIntent } from './converse-intent'
import type { ConverseStep, StepData } from './converse-step'
import { healthSentences } from './health-sentences'

type Out<T extends { output: z.ZodType }> = z.output<T['output']>

const n = fmt
const count = fmtCount
const usd = fmtUsd

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
  return out
}

function purchase(get: StepData, e: ConverseEntities): string[] {
  const out: string[] = []
  const route = get<{ best?: unknown; routes?: Array<{ brandId: string; totalValueUsd?: number }> }>('route_purchase')
  const cc = get<Out<typeof compareCashbackTool>>('compare_cashback')
  if (cc && cc.comparisons.length > 0) {
    const top = cc.comparisons.slice(0, 3)
    out.push(
      `For a ${usd(cc.purchaseAmount)} purchase${e.category ? ` (${e.category})` : ''}: ${top
        .map(
          (c) => `${c.name} gives back ${n(c.cashbackPoints)} points (${usd(c.cashbackUsd)}, ${n(c.cashbackPercent)}%)`,
        )
        .join('; ')}.`,
    )
    const best = cc.comparisons.find((c) => c.brandId === cc.best)
    out.push(best ? `Best cashback: ${best.name}.` : 'None of them rewards purchases yet.')
  } else if (cc) out.push(`No ${e.category ?? ''} brand rewards purchases yet.`.replace('  ', ' '))
  const routes = route?.routes ?? []
  if (routes[0]?.totalValueUsd !== undefined) {
    out.push(`Counting perks, the best route is ${routes[0].brandId} at ${usd(routes[0].totalValueUsd)} of value.`)
  }
  const deals = get<{ perks?: Out<typeof browsePerksTool>['perks']; deals?: Array<{ perkId: string; cost: number }> }>(
    'best_deals',
  )
  const perks = get<Out<typeof browsePerksTool>>('browse_perks')?.perks ?? []
  if (deals?.deals?.[0]) out.push(`Top deal: perk ${deals.deals[0].perkId} for ${n(deals.deals[0].cost)} points.`)
  else if (perks[0])
    out.push(
      `Perks to spend the points on: ${perks
        .slice(0, 3)
        .map((p) => `${p.name} at ${p.brandName} (${n(p.cost)} points)`)
        .join(', ')}.`,
    )
  return out
}

function goal(get: StepData, e: ConverseEntities): string[] {
  const out: string[] = []
  const who = e.userId ?? 'This user'
  const up = get<Out<typeof userPortfolioTool>>('user_portfolio')
  if (up) {
    out.push(
      `${who} holds ${n(up.totalBalance)} points, earned at ${n(up.brands.length)} brand${up.brands.length === 1 ? '' : 's'}.`,
    )
    const p = up.bestAffordablePerk
    out.push(
      p
        ? `They can claim ${p.name} at ${p.brandName} (${n(p.cost)} points) right now.`
        : 'No perk is affordable with that balance yet.',
    )
  }
  const ng = get<{ goal?: { perkId: string; cost: number; pointsNeeded: number; progressPercent: number } | null }>(
    'next_goal',
  )
  if (ng?.goal) {
    out.push(
      `Next goal: perk ${ng.goal.perkId} (${n(ng.goal.cost)} points), ${n(ng.goal.pointsNeeded)} points to go (${ng.goal.progressPercent}%).`,
    )
  }
  const ur = get<Out<typeof userRecommendationsTool>>('user_recommendations')
  const next = ur?.recommendations.find((r) => !r.affordable) ?? ur?.recommendations[0]
  if (ur && next) {
    const missing = Math.max(0, next.cost - ur.balance)
    out.push(
      `Next goal: ${next.name} at ${next.brandName} (${n(next.cost)} points)${missing > 0 ? `, ${n(missing)} points to go` : ', affordable now'}.`,
    )
  }
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
            ? purchase(get, e)
            : intent === 'goal'
              ? goal(get, e)
              : discovery(get)
  for (const s of steps) {
    if (s.status === 'failed') sentences.push(`(${s.tool.replace(/^loyalty_agent_/, '')} failed: ${s.error?.message})`)
  }
  if (sentences.length === 0) return 'I could not find an answer to that in the loyalty network.'
  return sentences.join(' ')
}
