import type { Brand, BrandCategory } from '../ports/brand-store'
import type { PerkRecord } from '../ports/perk-store'
import { intentCategory } from './intent-category'

/** What a shopping intent asks for: a category, else words to find in names and descriptions. */
export type CommerceMatch = {
  /** The `category` input, else the intent's (`intentCategory`), else null. */
  category: BrandCategory | null
  /** Does the brand answer the intent (its category; without one, a word in its name, description or a perk's name)? */
  brand(brand: Brand, perks: readonly PerkRecord[]): boolean
  /** Does the perk answer it (its brand's or its own category; without one, a word in its brand's or its own name or description)? */
  perk(perk: PerkRecord, brand: Brand | undefined): boolean
}

/**
 * Reads an agent's shopping intent (docs/agent-api.md "Intent → category", tools best_deals and
 * route_purchase): with a category (given or named by the intent) brands and perks of that category
 * answer; else those whose name or description contains a word of the intent (3 letters or more).
 */
export function commerceMatch(p: { intent: string; category?: BrandCategory | undefined }): CommerceMatch {
  const category = p.category ?? intentCategory(p.intent)
  const words = p.intent
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3)
  const mentions = (...texts: (string | null | undefined)[]) =>
    texts.some((t) => typeof t === 'string' && words.some((w) => t.toLowerCase().includes(w)))
  if (category !== null) {
    return {
      category,
      brand: (b) => b.category === category,
      perk: (perk, b) => b?.category === category || perk.category?.toLowerCase() === category,
    }
  }
  return {
    category,
    brand: (b, perks) => mentions(b.name, b.description, ...perks.map((x) => x.name)),
    perk: (perk, b) => mentions(perk.name, perk.description, b?.name, b?.description),
  }
}
