import { isKnownBrandOrigin } from '../brands/is-known-brand-origin'
import type { EngineContext } from '../context'
import { hostOf } from '../web/domain-names'
import { OriginNotAllowedError } from './relay-errors'
import type { ResolvedRelayOptions } from './relay-options'

/**
 * The relayer serves the websites of registered brands (subdomains included) and the configured
 * origins. A request without `Origin` (a server, curl) passes unless `requireOrigin`; an origin of
 * neither kind, or `null`, is refused with OriginNotAllowedError (403).
 */
export async function assertRelayOrigin(
  ctx: EngineContext,
  origin: string | undefined,
  options: Pick<ResolvedRelayOptions, 'allowedOrigins' | 'requireOrigin'>,
): Promise<void> {
  if (origin === undefined || origin === '') {
    if (options.requireOrigin) throw new OriginNotAllowedError(undefined)
    return
  }
  const normalized = origin.toLowerCase().replace(/\/+$/, '')
  if (options.allowedOrigins.includes(normalized)) return
  if (hostOf(origin) && (await isKnownBrandOrigin(ctx, { origin }))) return
  throw new OriginNotAllowedError(origin)
}
