import type { ConverseEntities } from './converse-entities'

/** What a /converse question asks for (docs/agent-api.md#converse). */
export const CONVERSE_INTENTS = [
  'compare',
  'health',
  'perk_optimization',
  'purchase_routing',
  'goal',
  'discovery',
] as const

export type ConverseIntent = (typeof CONVERSE_INTENTS)[number]

const COMPARE = /\b(compare[sd]?|comparing|comparison|vs|v|versus|against|better|best|differen(ce|t)|which|or)\b/
const HEALTH =
  /\b(health|healthy|unhealthy|doing|performing|performance|perform|problems?|issues?|struggling|wrong|ok|okay|grade|score|engagement|retention|check-?up|status|going)\b/
const PERKS = /\b(perks?|rewards?|incentives?|offers?|benefits?|prizes?|freebies?)\b/
const IDEAS = /\b(ideas?|suggest|suggestions?|should|add|new|launch|create|offer|design|recommend)\b/
const PURCHASE =
  /\b(buy|buying|bought|purchase|purchasing|shop|shopping|spend|spending|cash ?back|book|booking|order|ordering|best place|getting|where (should|do|can|to) i)\b/

/**
 * The first intent that holds (agent-api.md (d) step 2): `compare` (two brands or more and a
 * comparing word), `health` (a brand and how it is doing), `perk_optimization` (a brand and perk
 * ideas), `purchase_routing` (buying, shopping, an amount), `goal` (a user's email), else `discovery`.
 * Brand-level intents need a brand: without one the question falls through.
 */
export function converseIntent(query: string, e: ConverseEntities): ConverseIntent {
  const text = query.toLowerCase().replace(/[’‘]/g, "'")
  if (e.brands.length >= 2 && COMPARE.test(text)) return 'compare'
  if (e.brands.length >= 1 && HEALTH.test(text)) return 'health'
  if (e.brands.length >= 1 && PERKS.test(text) && IDEAS.test(text)) return 'perk_optimization'
  if (PURCHASE.test(text) || e.purchaseAmount !== undefined) return 'purchase_routing'
  if (e.userId !== undefined) return 'goal'
  return 'discovery'
}
