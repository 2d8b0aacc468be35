import type { BrandCategory } from '../ports/brand-store'

/** Words that name a category (agent-api.md "Intent → category"), matched as word beginnings. */
const CATEGORY_WORDS: readonly [BrandCategory, RegExp][] = [
  ['retail', /\b(shoe|sneaker|cloth|shirt|dress|shop|store|retail)/],
  ['dining', /\b(coffee|cafe|café|food|eat|lunch|dinner|breakfast|restaurant|meal|drink)/],
  ['travel', /\b(hotel|flight|fly|trip|travel|vacation|holiday)/],
  ['gaming', /\b(game|gaming|play)/],
]

/**
 * The category an agent's intent names (docs/agent-api.md "Intent → category"): the first category
 * one of whose words begins a word of the intent (shoes/clothes/shop → retail, coffee/food/eat →
 * dining, hotel/flight/trip → travel, game/play → gaming), else null.
 */
export function intentCategory(intent: string): BrandCategory | null {
  const text = intent.toLowerCase()
  return CATEGORY_WORDS.find(([, words]) => words.test(text))?.[0] ?? null
}
