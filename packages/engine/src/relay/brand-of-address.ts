import type { EngineContext } from '../context'

type Entry = { brandId: string | null; expiresAt: number }
const caches = new WeakMap<object, Map<string, Entry>>()
const MAX_ENTRIES = 10_000

/**
 * The brandId of an address when it is a registered brand (brand ids are addresses), else null.
 * Answers are cached per storage for `ttlMs` (default 30 s), like the brand origins of CORS.
 */
export async function brandOfAddress(
  ctx: EngineContext,
  address: string | undefined,
  options: { ttlMs?: number } = {},
): Promise<string | null> {
  if (!address) return null
  const key = address.toLowerCase()
  let cache = caches.get(ctx.storage)
  if (!cache) {
    cache = new Map()
    caches.set(ctx.storage, cache)
  }
  const now = ctx.clock.now()
  const hit = cache.get(key)
  if (hit && hit.expiresAt > now) return hit.brandId
  const brandId = (await ctx.storage.brands.get(key))?.id ?? null
  if (cache.size >= MAX_ENTRIES) cache.clear()
  cache.set(key, { brandId, expiresAt: now + (options.ttlMs ?? 30_000) })
  return brandId
}
