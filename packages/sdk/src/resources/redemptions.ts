import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { RedemptionProof } from '../types/wire'

export type RedemptionsResource = {
  /**
   * GET /loyalty-api/redemptions/:redemptionId: the proof of a perk claim, by `<collectionId>:<tokenId>`
   * or by the confirmation code the redemption handed the user (the perk, the price and where it was
   * paid on chain). Public; the claimer's email, user key and code are masked unless the client has
   * the brand's `apiKey`.
   */
  retrieve(redemptionId: string, options?: RequestOptions): Promise<RedemptionProof>
}

export function redemptionsResource(ctx: ClientContext): RedemptionsResource {
  return {
    retrieve: (redemptionId, options) =>
      sendRequest(
        ctx,
        {
          name: 'redemptions.retrieve',
          method: 'GET',
          path: `/loyalty-api/redemptions/${encodeURIComponent(redemptionId)}`,
          auth: 'optionalApiKey',
        },
        options,
      ),
  }
}
