import { type Engine, hostOf } from '@loyaltykit/engine'
import type { RequestHandler } from 'express'

const EXPOSE_HEADERS = 'X-Request-Id, Idempotent-Replayed'

/**
 * CORS of the user wallet API: a brand's web page calls it with the user's Bearer token, so the
 * request's Origin is allowed when it is a website of any brand (never `*`, no cookies involved).
 * Preflights are answered by the app-wide CORS middleware, or here when it is not mounted. Mounted
 * twice (before the idempotency middleware, which may answer a replay, and in the identity router);
 * the second pass does nothing once the first allowed the origin.
 */
export function walletCors(engine: Engine): RequestHandler {
  return async (req, res, next) => {
    const origin = req.headers.origin
    if (typeof origin !== 'string' || !hostOf(origin) || res.getHeader('Access-Control-Allow-Origin')) return next()
    try {
      res.vary('Origin')
      if (await engine.brands.isKnownOrigin({ origin })) {
        res.setHeader('Access-Control-Allow-Origin', origin)
        res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS)
        if (req.method === 'OPTIONS') {
          res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
          res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization')
          res.setHeader('Access-Control-Max-Age', '600')
          return void res.status(204).end()
        }
      }
      next()
    } catch (e) {
      next(e)
    }
  }
}
