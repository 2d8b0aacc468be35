import type { Brand } from '../../ports/brand-store'
import type { ConverseEntities } from './converse-entities'
import type { ConverseIntent } from './converse-intent'

/** One planned tool call: the tool's full name and its raw input (the tool's schema parses it). */
export type ConverseStepPlan = { tool: string; input: Record<string, unknown> }

export type ConversePlan = {
  intent: ConverseIntent
  steps: ConverseStepPlan[]
  /** True when a parameter was not in the question and a default stands in (period, amount, brands). */
  defaultsUsed: boolean
}

/** At most this many tool calls per question (agent-api.md (d) step 3). */
export const MAX_CONVERSE_STEPS = 5

/**
 * Tools of issue 14 not in every build yet, and the read-only tool that answers for each until it
 * is registered (null: the step is left out). docs/agent-api.md#converse.
 */
const STAND_INS: Record<string, string | null> = {
  route_purchase: null,
  best_deals: 'browse_perks',
  next_goal: 'user_recommendations',
  brand_audience: 'perk_analytics',
}

const full = (short: string) => `loyalty_agent_${short}`

/**
 * The rule planner's steps for `intent` (agent-api.md (d) step 2), over the tools `available`
 * (full names of the registry's read-only tools): compare → compare_brands + brand_analytics for
 * up to 3 brands; health → brand_health, event_performance, perk_analytics; perk_optimization →
 * suggest_perks, perk_intelligence, brand_audience; purchase_routing → route_purchase,
 * compare_cashback, best_deals; goal → user_portfolio, next_goal; discovery → list_brands,
 * browse_perks, network_stats. A tool not available is replaced by its stand-in or left out.
 */
export function planConverse(
  query: string,
  intent: ConverseIntent,
  e: ConverseEntities,
  brands: readonly Brand[],
  available: ReadonlySet<string>,
): ConversePlan {
  let defaultsUsed = false
  const period = () => {
    if (e.period) return e.period
    defaultsUsed = true
    return '30d'
  }
  const brandId = e.brands[0]?.id
  const wanted: Array<[string, Record<string, unknown>]> = []
  const intentText = query.trim().slice(0, 200)
  switch (intent) {
    case 'compare': {
      const p = period()
      wanted.push([
        'compare_brands',
        {
          brandIds: e.brands
            .slice(0, 5)
            .map((b) => b.id)
            .join(','),
          period: p,
        },
      ])
      for (const b of e.brands.slice(0, 3)) wanted.push(['brand_analytics', { brandId: b.id, period: p }])
      break
    }
    case 'health':
      wanted.push(['brand_health', { brandId }], ['event_performance', { brandId, period: period() }])
      wanted.push(['perk_analytics', { brandId }])
      break
    case 'perk_optimization':
      wanted.push(['suggest_perks', { brandId }], ['perk_intelligence', { brandId }], ['brand_audience', { brandId }])
      break
    case 'purchase_routing': {
      const amount = e.purchaseAmount ?? 100
      if (e.purchaseAmount === undefined) defaultsUsed = true
      const scope = { ...(e.category ? { category: e.category } : {}), ...(e.userId ? { userId: e.userId } : {}) }
      wanted.push(['route_purchase', { intent: intentText, purchaseAmount: amount, ...scope }])
      let cashbackOf: Record<string, unknown>
      if (e.brands.length >= 2)
        cashbackOf = {
          brandIds: e.brands
            .slice(0, 10)
            .map((b) => b.id)
            .join(','),
        }
      else if (e.category) cashbackOf = { category: e.category }
      else {
        defaultsUsed = true
        const named = brands.find((b) => b.id.toLowerCase() === brandId)
        cashbackOf = named?.category
          ? { category: named.category }
          : {
              brandIds: [...brands]
                .sort((a, b) => a.name.localeCompare(b.name))
                .slice(0, 10)
                .map((b) => b.id.toLowerCase())
                .join(','),
            }
      }
      wanted.push(['compare_cashback', { ...cashbackOf, purchaseAmount: amount }])
      wanted.push(['best_deals', { intent: intentText, ...scope }])
      break
    }
    case 'goal':
      wanted.push(['user_portfolio', { userId: e.userId }], ['next_goal', { userId: e.userId, brandId }])
      break
    case 'discovery': {
      const category = e.category ? { category: e.category } : {}
      wanted.push(['list_brands', category], ['browse_perks', category], ['network_stats', {}])
      break
    }
  }
  const steps: ConverseStepPlan[] = []
  for (const [short, input] of wanted) {
    const name = available.has(full(short)) ? short : STAND_INS[short]
    if (!name || !available.has(full(name))) continue
    const clean = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
    if (!steps.some((s) => s.tool === full(name) && JSON.stringify(s.input) === JSON.stringify(clean))) {
      steps.push({ tool: full(name), input: clean })
    }
  }
  return { intent, steps: steps.slice(0, MAX_CONVERSE_STEPS), defaultsUsed }
}
