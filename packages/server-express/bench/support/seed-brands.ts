import type { Engine } from '@loyaltykit/engine'
import type { Database } from '@loyaltykit/engine/storage-kysely'
import type { Kysely } from 'kysely'
import type { SeedRandom } from './seed-random'

const SEED_CATEGORIES = ['retail', 'dining', 'travel', 'gaming', 'other'] as const
type Category = (typeof SEED_CATEGORIES)[number]

/** A seeded brand: what the history generator needs of it. */
export type SeedBrand = {
  id: string
  name: string
  category: Category
  description: string
  host: string
  /** Days before `now` it joined the network (most are older than the 120-day history). */
  ageDays: number
  /** Rules the history draws from: one-time ones (the defaults) and the repeatable purchase and visit. */
  rules: Array<{ eventType: string; rewardAmount: number; repeatable: boolean }>
  perks: Array<{ id: string; collectionId: number; name: string; price: number }>
}

const WORDS: Record<Category, { names: string[]; perks: string[] }> = {
  retail: {
    names: ['Outfitters', 'Market', 'Goods', 'Supply', 'Threads', 'Sneakers'],
    perks: ['10% off', 'Free shipping', 'Tote bag'],
  },
  dining: {
    names: ['Coffee', 'Kitchen', 'Bakery', 'Noodles', 'Grill', 'Tacos'],
    perks: ['Free coffee', 'Dessert', 'Lunch for two'],
  },
  travel: {
    names: ['Air', 'Hotels', 'Trips', 'Rail', 'Hostels', 'Cruises'],
    perks: ['Lounge pass', 'Late checkout', 'Seat upgrade'],
  },
  gaming: {
    names: ['Arcade', 'Games', 'Quest', 'Pixels', 'Arena', 'Loot'],
    perks: ['Skin pack', 'Season pass', 'Gem bundle'],
  },
  other: {
    names: ['Fitness', 'Books', 'Pets', 'Garden', 'Studio', 'Cinema'],
    perks: ['Free class', 'Gift card', 'Voucher'],
  },
}
const PREFIXES = ['North', 'Blue', 'Golden', 'Urban', 'Bright', 'Little', 'Silver', 'Green', 'Red', 'Prime']
/** Tokens a purchase earns, per category (cashback: 1,000 tokens = $1 on a $100 purchase = 1 %). */
const PURCHASE_REWARD: Record<Category, [number, number]> = {
  retail: [40, 120],
  dining: [20, 80],
  travel: [100, 400],
  gaming: [30, 150],
  other: [20, 100],
}

/**
 * Creates `count` brands through the engine as `brand create` does (keys, the six default rules),
 * then a repeatable `purchase` rule and `custom_visit` rule each, and 1–3 perk collections on the
 * chain (`engine.perks.create`, so the embedded chain's journal holds them: perks are read live from
 * the PerkCollection contract), with a category, description and contact email. Categories 35 % retail, 25 % dining, 15 % travel, 15 % gaming, 10 % other.
 */
export async function seedBrands(engine: Engine, count: number, random: SeedRandom): Promise<SeedBrand[]> {
  const brands: SeedBrand[] = []
  for (let i = 0; i < count; i++) {
    const r = random.next()
    const category: Category =
      r < 0.35 ? 'retail' : r < 0.6 ? 'dining' : r < 0.75 ? 'travel' : r < 0.9 ? 'gaming' : 'other'
    const name = `${random.pick(PREFIXES)} ${random.pick(WORDS[category].names)} ${i + 1}`
    const host = `brand${i + 1}.seed.example`
    const description = `${name}: ${category} rewards.`
    const { brand } = await engine.brands.create({
      name,
      websites: [`https://${host}`],
      category,
      description,
      contactEmail: `owner@${host}`,
    })
    const [lo, hi] = PURCHASE_REWARD[category]
    const purchase = random.int(lo, hi)
    await engine.rules.set({
      brandId: brand.id,
      eventType: 'purchase',
      rewardAmount: purchase,
      maxClaims: -1,
      cooldownHours: 0,
    })
    await engine.rules.set({
      brandId: brand.id,
      eventType: 'visit',
      custom: true,
      rewardAmount: 5,
      maxClaims: -1,
      cooldownHours: 0,
    })
    const rules = (await engine.rules.list({ brandId: brand.id })).map((rule) => ({
      eventType: rule.eventType,
      rewardAmount: rule.rewardAmount,
      repeatable: rule.maxClaims === -1,
    }))
    brands.push({
      id: brand.id,
      name,
      category,
      description,
      host,
      // Ten brands joined in the last 30 days; the others before the history starts.
      ageDays: i >= count - 10 ? random.int(1, 29) : random.int(121, 720),
      rules,
      perks: [],
    })
  }
  // Perks: one chain transaction each, four at a time.
  const jobs = brands.flatMap((b) =>
    Array.from({ length: random.int(1, 3) }, (_, k) => ({
      brand: b,
      name: WORDS[b.category].perks[k] as string,
      price: [100, 250, 500, 1000, 2500][random.int(0, 4)] as number,
      maxSupply: random.next() < 0.5 ? 0 : random.int(500, 50_000),
    })),
  )
  for (let i = 0; i < jobs.length; i += 4) {
    await Promise.all(
      jobs.slice(i, i + 4).map(async (j) => {
        const perk = await engine.perks.create({
          brandId: j.brand.id,
          name: j.name,
          price: j.price,
          maxSupply: j.maxSupply,
          maxPerUser: 0,
          category: j.brand.category,
          description: `${j.name} at ${j.brand.name}`,
        })
        j.brand.perks.push({ id: perk.id, collectionId: perk.collectionId, name: perk.name, price: j.price })
      }),
    )
  }
  return brands
}

/** Back-dates each brand's `created_at` (and `updated_at`) to its age: the history starts 120 days ago. */
export async function backdateBrands(db: Kysely<Database>, brands: SeedBrand[], now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const b of brands) {
      const at = now - b.ageDays * 86_400_000
      await trx.updateTable('brands').set({ created_at: at, updated_at: at }).where('id', '=', b.id).execute()
    }
  })
}
