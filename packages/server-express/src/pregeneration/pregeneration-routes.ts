import type { Engine, PregenerationLimits } from '@loyaltykit/engine'
import type { pregenerateUserResponseSchema } from '@loyaltykit/engine/schemas'
import { Router } from 'express'
import type { z } from 'zod'
import { errorSurface } from '../http/error-surface'
import { setRateLimitHeaders } from '../http/rate-limit-headers'

export type PregenerationRoutesOptions = {
  /** Per-brand limits; default the spec's 100 a minute and 10,000 a day. */
  limits?: PregenerationLimits
}

/** The pregeneration endpoint; its errors render in the `pregeneration` surface. */
export const PREGENERATION_PATH = '/loyalty-api/pregenerate-user'

/**
 * `POST /loyalty-api/pregenerate-user` (server-to-server: no authentication, no CORS). Errors render in
 * the spec's pregeneration shape `{ error, ...extra fields }`; 429s carry `X-RateLimit-*` and
 * `Retry-After`, successful answers the `X-RateLimit-*` of the brand's minute window.
 */
export function pregenerationRoutes(engine: Engine, options: PregenerationRoutesOptions = {}): Router {
  const router = Router()
  router.use(PREGENERATION_PATH, errorSurface('pregeneration'))
  router.post(PREGENERATION_PATH, async (req, res) => {
    const { response, rateLimit } = await engine.identity.pregenerate(
      req.body,
      options.limits ? { limits: options.limits } : {},
    )
    setRateLimitHeaders(res, { rateLimit })
    res.removeHeader('Retry-After')
    res.setHeader('Cache-Control', 'no-store')
    res.json(response satisfies z.infer<typeof pregenerateUserResponseSchema>)
  })
  return router
}
