import { type Engine, hostOf } from '@loyaltykit/engine'
import type { RequestHandler } from 'express'

const EXPOSE_HEADERS =
  'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed'

/**
 * CORS of `POST {base}/relay` and `GET {base}/points-sale/items` (`methods`: path → the methods a
 * preflight allows): a brand's web page calls them (the first with the user's Bearer token). The request's
 * Origin is echoed when it is a configured relayer origin or a website of a registered brand (never
 * `*`, no credentials: the token travels in a header). Preflights end here; mounted before the
 * app-wide CORS middleware, which knows nothing of relayer origins.
 */
export function relayCors(
  engine: Engine,
  p: { methods: Readonly<Record<string, string>>; allowedOrigins: readonly string[] },
): RequestHandler {
  const configured = new Set(p.allowedOrigins.map((o) => o.toLowerCase()))
  return async (req, res, next) => {
    const methods = Object.hasOwn(p.methods, req.path) ? p.methods[req.path] : undefined
    if (methods === undefined) return next()
    const origin = req.headers.origin
    if (typeof origin !== 'string' || !hostOf(origin)) {
      if (req.method === 'OPTIONS') return void res.status(204).end()
      return next()
    }
    try {
      res.vary('Origin')
      const allowed =
        configured.has(origin.toLowerCase().replace(/\/+$/, '')) || (await engine.brands.isKnownOrigin({ origin }))
      if (allowed) {
        res.setHeader('Access-Control-Allow-Origin', origin)
        res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS)
      }
      if (req.method === 'OPTIONS') {
        if (allowed) {
          res.setHeader('Access-Control-Allow-Methods', methods)
          res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, Idempotency-Key, X-Request-Id')
          res.setHeader('Access-Control-Max-Age', '600')
        }
        return void res.status(204).end()
      }
      next()
    } catch (e) {
      next(e)
    }
  }
}
