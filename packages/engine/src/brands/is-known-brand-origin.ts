import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { hostOf } from '../web/domain-names'
import { isDomainAuthorized } from '../web/is-domain-authorized'

/** Any string: what is no http(s) origin of a brand's website answers false. */
export const isKnownBrandOriginParametersSchema = z.object({ origin: z.string() })

export type IsKnownBrandOriginParameters = z.input<typeof isKnownBrandOriginParametersSchema>

export type IsKnownBrandOriginOptions = {
  /** How long this process keeps the list of every brand's websites; default 30 s. */
  ttlMs?: number
}

type Snapshot = { websites: string[]; expiresAt: number }
const snapshots = new WeakMap<object, Snapshot>()

/**
 * True when `origin` belongs to the websites of some brand (a subdomain counts). Used for CORS
 * preflights, which name no brand; the actual request is then authorized against the brand it names.
 */
export async function isKnownBrandOrigin(
  ctx: EngineContext,
  params: IsKnownBrandOriginParameters,
  options: IsKnownBrandOriginOptions = {},
): Promise<boolean> {
  const host = hostOf(parseInput(isKnownBrandOriginParametersSchema, params).origin)
  if (!host) return false
  const now = ctx.clock.now()
  let snapshot = snapshots.get(ctx.storage)
  if (!snapshot || snapshot.expiresAt <= now) {
    const brands = await ctx.storage.brands.list()
    snapshot = { websites: brands.flatMap((b) => b.websites), expiresAt: now + (options.ttlMs ?? 30_000) }
    snapshots.set(ctx.storage, snapshot)
  }
  return isDomainAuthorized(host, snapshot.websites)
}
