import type { Engine } from '@loyaltykit/engine'
import type { getRedemptionProofResponseSchema } from '@loyaltykit/engine/schemas'
import { Router } from 'express'
import type { z } from 'zod'
import { bearerToken } from '../http/bearer-token'
import { noStore, sendProof } from '../http/send-proof'

/**
 * `GET /loyalty-api/redemptions/:redemptionId`: the proof of a perk claim, by `<collectionId>:<tokenId>`
 * or confirmation code (docs/api/redemption-proof.md). Public, masked unless the brand's API key is
 * sent; errors in the event-handler shape, as every `/loyalty-api` path.
 */
export function redemptionRoutes(engine: Engine): Router {
  const router = Router()
  router.get('/loyalty-api/redemptions/:redemptionId', async (req, res) => {
    noStore(res)
    const proof = await engine.proofs.getRedemption(
      { redemptionId: req.params.redemptionId },
      { apiKey: bearerToken(req) },
    )
    sendProof(res, proof satisfies z.infer<typeof getRedemptionProofResponseSchema>)
  })
  return router
}
