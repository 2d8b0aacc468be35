import type { Brand, BrandCategory } from '../../ports/brand-store'
import { converseWords } from './converse-words'
import { editDistance } from './edit-distance'

/** What the rule planner reads out of a question (docs/agent-api.md#converse). */
export type ConverseEntities = {
  /** Brands named (by name, website host or 0x address), in the order they appear; ids lowercase. */
  brands: Array<{ id: string; name: string }>
  /** The first email, as the user's id. */
  userId?: string
  /** USD: `$150`, `$1,200.50`, `150 usd`, `150 dollars`, `150 bucks`. */
  purchaseAmount?: number
  category?: BrandCategory
  period?: '7d' | '30d' | '90d'
}

/** Words that do not identify a brand when they end (or start) its name: `Blue Bottle Coffee` is also `blue bottle`. */
const GENERIC = new Set([
  'the',
  'coffee',
  'co',
  'company',
  'inc',
  'store',
  'stores',
  'shop',
  'cafe',
  'hotels',
  'games',
  'group',
])

/** Category words (agent-api.md "Intent → category", with common synonyms). */
const CATEGORY_WORDS: Record<Exclude<BrandCategory, 'other'>, string[]> = {
  retail: [
    'shoe',
    'shoes',
    'sneaker',
    'sneakers',
    'clothes',
    'clothing',
    'shirt',
    'shirts',
    'jacket',
    'jackets',
    'jeans',
    'dress',
    'apparel',
    'fashion',
    'shop',
    'shopping',
    'retail',
    'outfit',
    'boots',
  ],
  dining: [
    'coffee',
    'latte',
    'espresso',
    'cafe',
    'food',
    'eat',
    'eating',
    'lunch',
    'dinner',
    'breakfast',
    'brunch',
    'restaurant',
    'restaurants',
    'pizza',
    'burger',
    'burgers',
    'dining',
    'drinks',
    'tea',
  ],
  travel: [
    'hotel',
    'hotels',
    'flight',
    'flights',
    'trip',
    'trips',
    'travel',
    'traveling',
    'travelling',
    'vacation',
    'holiday',
    'airline',
    'resort',
  ],
  gaming: ['game', 'games', 'gaming', 'play', 'playing', 'console', 'gamer'],
}

const PERIODS: Array<[RegExp, '7d' | '30d' | '90d']> = [
  [/\b(quarter|quarterly|90 ?d(ays)?|3 months|three months)\b/, '90d'],
  [/\b(month|monthly|30 ?d(ays)?|4 weeks)\b/, '30d'],
  [/\b(week|weekly|7 ?d(ays)?|wk)\b/, '7d'],
]

/** The names a brand answers to, each as words: its name, without generic ends, its website hosts. */
function aliases(brand: Brand): string[][] {
  const name = converseWords(brand.name)
  const out = [name]
  let core = name
  while (core.length > 1 && GENERIC.has(core[core.length - 1] as string)) core = core.slice(0, -1)
  while (core.length > 1 && GENERIC.has(core[0] as string)) core = core.slice(1)
  if (core !== name) out.push(core)
  for (const site of brand.websites) {
    const host = site
      .replace(/^[a-z]+:\/\//i, '')
      .replace(/[/:].*$/, '')
      .replace(/^www\./, '')
      .toLowerCase()
    if (!host) continue
    out.push([host])
    const label = host.split('.')[0] as string
    if (label.length >= 4) out.push([label])
  }
  return out
}

/** One word of an alias against one of the query: equal, or one typo away for words of 5+ letters. */
const wordMatches = (alias: string, word: string) =>
  alias === word || (alias.length >= 5 && !alias.includes('.') && editDistance(alias, word, 1) <= 1)

function findBrands(words: string[], brands: readonly Brand[]) {
  const spans: Array<{ start: number; end: number; chars: number; brand: { id: string; name: string } }> = []
  for (const brand of brands) {
    for (const alias of aliases(brand)) {
      if (alias.length === 0) continue
      for (let i = 0; i + alias.length <= words.length; i++) {
        if (alias.every((a, k) => wordMatches(a, words[i + k] as string))) {
          spans.push({
            start: i,
            end: i + alias.length,
            chars: alias.join(' ').length,
            brand: { id: brand.id.toLowerCase(), name: brand.name },
          })
        }
      }
    }
  }
  words.forEach((w, i) => {
    if (/^0x[0-9a-f]{40}$/.test(w)) {
      const known = brands.find((b) => b.id.toLowerCase() === w)
      spans.push({ start: i, end: i + 1, chars: 42, brand: { id: w, name: known?.name ?? w } })
    }
  })
  // Longest match first; a span overlapping a longer one is dropped.
  spans.sort((a, b) => b.chars - a.chars || a.start - b.start)
  const taken: typeof spans = []
  for (const s of spans) if (!taken.some((t) => s.start < t.end && t.start < s.end)) taken.push(s)
  taken.sort((a, b) => a.start - b.start)
  const found: Array<{ id: string; name: string }> = []
  for (const s of taken) if (!found.some((f) => f.id === s.brand.id)) found.push(s.brand)
  const used = new Set(taken.flatMap((s) => Array.from({ length: s.end - s.start }, (_, k) => s.start + k)))
  return { found, used }
}

function findAmount(text: string): number | undefined {
  const m = /\$\s?(\d[\d,]*(?:\.\d+)?)/.exec(text) ?? /\b(\d[\d,]*(?:\.\d+)?)\s?(?:usd|dollars?|bucks)\b/.exec(text)
  if (!m) return undefined
  const n = Number((m[1] as string).replace(/,/g, ''))
  return Number.isFinite(n) && n > 0 ? n : undefined
}

/**
 * The entities of agent-api.md (d) step 1, read from `query` against the network's `brands`:
 * brands by the longest name or host match (one typo allowed in words of 5+ letters) or by 0x
 * address, the first email, a USD amount, a category word (outside brand names), a period.
 */
export function extractConverseEntities(query: string, brands: readonly Brand[]): ConverseEntities {
  const text = query.toLowerCase()
  const words = converseWords(query)
  const { found, used } = findBrands(words, brands)
  const entities: ConverseEntities = { brands: found }
  const email = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/i.exec(query)
  if (email) entities.userId = email[0].toLowerCase()
  const amount = findAmount(text)
  if (amount !== undefined) entities.purchaseAmount = amount
  const free = words.filter((_, i) => !used.has(i))
  for (const [category, list] of Object.entries(CATEGORY_WORDS)) {
    if (free.some((w) => list.includes(w))) {
      entities.category = category as BrandCategory
      break
    }
  }
  const period = PERIODS.find(([re]) => re.test(text))
  if (period) entities.period = period[1]
  return entities
}
