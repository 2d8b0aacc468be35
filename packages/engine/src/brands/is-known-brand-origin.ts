import type { EngineContext } from '../context'
import { hostOf } from '../web/domain-names'
import { isDomainAuthorized } from '../web/is-domain-authorized'

type Snapshot = { websites: string[]; expiresAt: number }
const snapshots = new WeakMap<object, Snapshot>()

/**
 * True when `origin` belongs to the websites of some brand (a subdomain counts). Used for CORS
 * preflights, which name no brand; the actual request is then authorized against the brand it names.
 * The list of websites is cached for `ttlMs` (default 30 s).
 */
export async function isKnownBrandOrigin(
  ctx: EngineContext,
  origin: string,
  options: { ttlMs?: number } = {},
): Promise<boolean> {
  const host = hostOf(origin)
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
