import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { type EventRuleWire, toEventRuleWire } from '../schemas/event-rule'
import { type GetEventConfigParameters, getEventConfigParametersSchema } from './get-event-config-schema'
import { readRulesVersion } from './rules-version'

export type GetEventConfigReturnType = {
  success: true
  brandId: string
  events: EventRuleWire[]
  count: number
  /** Changes whenever the brand's rules change (an HTTP ETag can be made from it). */
  version: string
}

type CacheEntry = { value: GetEventConfigReturnType; expiresAt: number }
const caches = new WeakMap<object, Map<string, CacheEntry>>()

export type GetEventConfigOptions = {
  /** How long an answer stays cached in this process (default 5 minutes). */
  ttlMs?: number
}

/**
 * The active rules of a brand, cached in memory for `ttlMs` (default 5 minutes). A cached answer is
 * used only while the brand's rules version in storage is unchanged, so a rule change (in any
 * process) drops it at once. Throws ValidationError for a missing or malformed brandId and
 * NotFoundError (BRAND_NOT_FOUND) for an unknown brand.
 */
export async function getEventConfig(
  ctx: EngineContext,
  params: GetEventConfigParameters,
  options: GetEventConfigOptions = {},
): Promise<GetEventConfigReturnType> {
  const { brandId } = parseInput(getEventConfigParametersSchema, params, 'Validation failed')
  let cache = caches.get(ctx.storage)
  if (!cache) {
    cache = new Map()
    caches.set(ctx.storage, cache)
  }
  const now = ctx.clock.now()
  const version = await readRulesVersion(ctx.storage, brandId)
  const hit = cache.get(brandId)
  if (hit && hit.expiresAt > now && hit.value.version === version) return hit.value

  const brand = await ctx.storage.brands.get(brandId)
  if (!brand) throw new NotFoundError('Brand not found', 'BRAND_NOT_FOUND', { brandId })
  const rules = await ctx.storage.rules.list(brandId)
  const events = rules.filter((r) => r.enabled).map(toEventRuleWire)
  const value: GetEventConfigReturnType = { success: true, brandId, events, count: events.length, version }
  cache.set(brandId, { value, expiresAt: now + (options.ttlMs ?? 300_000) })
  return value
}
