import { AuthenticationError, type Engine } from '@loyaltykit/engine'
import type { invalidateConstraintCacheResponseSchema } from '@loyaltykit/engine/schemas'
import { type Request, type Response, Router } from 'express'
import type { z } from 'zod'
import { bearerToken } from '../http/bearer-token'

/** The two invalidation endpoints. */
export const CONSTRAINT_PATHS = ['/constraint-updater/invalidate-external-api', '/invalidate-external-api']

/**
 * Constraint-cache invalidation (spec 1 §4): `POST /constraint-updater/invalidate-external-api` with
 * `Authorization: Bearer <API_KEY>` (a brand key with the `constraints` scope; it clears only that
 * brand's entries), and `POST /invalidate-external-api` where the bearer is optional (when sent it
 * must be valid and scopes the same way). Body `{ api_url, user_address?, collection_id? }` →
 * `{ success, message, invalidated_count }`; failures `{ success: false, error, … }`.
 */
export function constraintRoutes(engine: Engine): Router {
  const router = Router()

  const brandOf = async (req: Request, required: boolean): Promise<string | undefined> => {
    const apiKey = bearerToken(req)
    if (!apiKey) {
      if (required) throw new AuthenticationError('Missing Authorization: Bearer <API_KEY>', 'missing_api_key')
      return undefined
    }
    const record = await engine.apiKeys.verify({ apiKey, scope: 'constraints' })
    if (!record) throw new AuthenticationError('Invalid API key', 'invalid_api_key')
    return record.brandId
  }

  const invalidate = (required: boolean) => async (req: Request, res: Response) => {
    const brandId = await brandOf(req, required)
    res.setHeader('Cache-Control', 'no-store')
    const result = await engine.constraints.invalidate(req.body, { brandId })
    res.json(result satisfies z.infer<typeof invalidateConstraintCacheResponseSchema>)
  }

  const [withKey, keyOptional] = CONSTRAINT_PATHS as [string, string]
  router.post(withKey, invalidate(true))
  router.post(keyOptional, invalidate(false))
  return router
}
