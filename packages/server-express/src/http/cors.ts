import { type Engine, hostOf } from '@loyaltykit/engine'
import type { RequestHandler, Response } from 'express'
import { brandIdOf } from './brand-id-of'

export type CorsOptions = {
  /** The service's own origins, always allowed (e.g. its admin UI); never `*`. */
  serviceOrigins: readonly string[]
}

const ALLOW_METHODS = 'GET, POST, OPTIONS'
const ALLOW_HEADERS = 'Content-Type, Authorization, Idempotency-Key, X-API-Version, X-Request-Id'
const EXPOSE_HEADERS =
  'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed'

function allow(res: Response, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS)
}

/**
 * Per-brand CORS. `Access-Control-Allow-Origin` echoes the request's Origin only when that origin is
 * one of the websites of the brand the request names, or one of the service's own origins; never
 * `*`. Preflights (which carry no body) are allowed for origins of any brand; the request itself is
 * then checked against its brand. Mounted twice: before every route (preflights, query brandIds) and
 * after the JSON body parser (body brandIds); the second pass only acts when the first did not allow.
 */
export function cors(engine: Engine, options: CorsOptions): RequestHandler {
  const serviceHosts = new Set(options.serviceOrigins.map((o) => o.toLowerCase().replace(/\/$/, '')))
  const isService = (origin: string) => serviceHosts.has(origin.toLowerCase())
  return async (req, res, next) => {
    res.vary('Origin')
    const origin = req.headers.origin
    if (res.getHeader('Access-Control-Allow-Origin')) return next()
    if (typeof origin !== 'string' || origin === 'null' || !hostOf(origin)) {
      if (req.method === 'OPTIONS') return void res.status(204).end()
      return next()
    }
    try {
      if (req.method === 'OPTIONS') {
        if (isService(origin) || (await engine.brands.isKnownOrigin({ origin }))) {
          allow(res, origin)
          res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS)
          res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS)
          res.setHeader('Access-Control-Max-Age', '600')
        }
        return void res.status(204).end()
      }
      if (isService(origin)) allow(res, origin)
      else {
        const brandId = brandIdOf(req)
        if (brandId && (await engine.brands.ownsOrigin({ brandId, origin }))) allow(res, origin)
      }
      next()
    } catch (e) {
      next(e)
    }
  }
}
