import { createHmac } from 'node:crypto'
import { type AgentTool, canonicalRequest } from '@loyaltykit/engine'
import type { Database } from '@loyaltykit/engine/storage-kysely'
import type { Kysely } from 'kysely'
import type { SeedRandom } from './seed-random'

/** What the benchmark picks inputs from: read back from the seeded database. */
export type BenchIds = {
  /** Brands, most active first, with their perk collections. */
  brands: Array<{ id: string; name: string; host: string | null; perks: Array<{ id: string; collectionId: number }> }>
  /** A sample of users: email and wallet. */
  users: Array<{ email: string; wallet: string }>
}

/** Brands by activity (rule totals), their perks, and 2,000 users sampled at random (by wallet id). */
export async function readBenchIds(db: Kysely<Database>): Promise<BenchIds> {
  const [brands, totals, perks, wallets] = await Promise.all([
    db.selectFrom('brands').select(['id', 'name', 'websites']).execute(),
    db
      .selectFrom('rule_totals')
      .select((eb) => ['brand_id', eb.fn.sum<number>('total').as('n')])
      .groupBy('brand_id')
      .execute(),
    db.selectFrom('perks').select(['id', 'collection_id', 'brand_id']).execute(),
    db
      .selectFrom('wallets')
      .select(['owner_key', 'address'])
      .where('owner_key', 'like', 'email:%')
      .orderBy('id')
      .limit(2000)
      .execute(),
  ])
  const activity = new Map(totals.map((t) => [t.brand_id, Number(t.n)]))
  return {
    brands: brands
      .map((b) => ({
        id: b.id,
        name: b.name,
        host: (JSON.parse(b.websites) as string[]).map((w) => new URL(w).host)[0] ?? null,
        perks: perks.filter((p) => p.brand_id === b.id).map((p) => ({ id: p.id, collectionId: p.collection_id })),
      }))
      .sort((x, y) => (activity.get(y.id) ?? 0) - (activity.get(x.id) ?? 0)),
    users: wallets.map((w) => ({ email: w.owner_key.slice('email:'.length), wallet: w.address })),
  }
}

const INTENTS = ['coffee', 'new shoes', 'hotel for the weekend', 'a game to play', 'lunch']
/** Values tried, in order, for a required input the table below does not know. */
const FALLBACKS = ['30d', '7d', 'retail', '100', 'coffee', 'true', '1']

/**
 * A realistic input for any read tool of the registry, request `i`: path and query parameters by
 * name (brands by popularity, their perks, seeded users, 2–5 brands to compare, a search by name or
 * domain, an intent), others left to their defaults; a required input of another name gets the first
 * of a few plain values its schema accepts. Tools added later are covered without a change here as
 * long as their inputs use these names (or accept a plain value).
 */
export function benchInput(tool: AgentTool, ids: BenchIds, random: SeedRandom): Record<string, unknown> {
  const withPerks = ids.brands.filter((b) => b.perks.length > 0)
  const shape = tool.input.shape as Record<string, { safeParse(v: unknown): { success: boolean }; options?: unknown[] }>
  const needsPerk = 'collectionId' in shape || 'perkId' in shape
  const pool = needsPerk && withPerks.length > 0 ? withPerks : ids.brands
  const brand = pool[random.zipf(pool.length)] as BenchIds['brands'][number]
  const user = ids.users[random.int(0, ids.users.length - 1)] as BenchIds['users'][number]
  const perk = brand.perks.length > 0 ? random.pick(brand.perks) : undefined
  const known: Record<string, () => unknown> = {
    brandId: () => brand.id,
    brandAddress: () => brand.id,
    userId: () => (random.next() < 0.8 ? user.email : user.wallet),
    collectionId: () => perk?.collectionId,
    perkId: () => perk?.id,
    brandIds: () => {
      const n = random.int(2, 5)
      const picked = new Set<string>()
      while (picked.size < Math.min(n, ids.brands.length))
        picked.add((ids.brands[random.zipf(ids.brands.length)] as { id: string }).id)
      return [...picked].join(',')
    },
    query: () => (random.next() < 0.5 || !brand.host ? brand.name : `https://www.${brand.host}/products`),
    intent: () => random.pick(INTENTS),
    purchaseAmount: () => random.pick([25, 50, 100, 250]),
  }
  const input: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(shape)) {
    const value = known[name]?.()
    if (value !== undefined) {
      input[name] = value
      continue
    }
    if (schema.safeParse(undefined).success) continue
    const options = Array.isArray(schema.options) ? schema.options.map(String) : []
    const fallback = [...options, ...FALLBACKS].find((v) => schema.safeParse(v).success)
    if (fallback !== undefined) input[name] = fallback
  }
  return input
}

/** Request `i` of a tool: its path filled in, the rest in the query or the JSON body, signed when `key` is given. */
export function benchRequest(
  tool: AgentTool,
  input: Record<string, unknown>,
  p: { basePath: string; nonce: string; key?: { keyId: string; secret: string } | undefined },
): { method: 'GET' | 'POST'; path: string; body?: string; headers: Record<string, string> } {
  const rest = { ...input }
  const filled = tool.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = rest[name]
    delete rest[name]
    return encodeURIComponent(String(v))
  })
  const read = tool.method === 'GET'
  const query = new URLSearchParams(read ? Object.entries(rest).map(([k, v]) => [k, String(v)]) : [])
  if (p.key) query.set('nonce', p.nonce)
  const search = query.toString()
  const path = `${p.basePath}${filled}${search ? `?${search}` : ''}`
  const body = read ? undefined : JSON.stringify(rest)
  const headers: Record<string, string> = {}
  if (p.key) {
    const ts = String(Math.floor(Date.now() / 1000))
    const canonical = canonicalRequest({ timestamp: ts, method: tool.method, pathWithQuery: path, rawBody: body })
    headers['x-loyalty-agent-key'] = p.key.keyId
    headers['x-loyalty-timestamp'] = ts
    headers['x-loyalty-signature'] = createHmac('sha256', p.key.secret).update(canonical).digest('hex')
  }
  return body === undefined ? { method: 'GET', path, headers } : { method: 'POST', path, body, headers }
}
