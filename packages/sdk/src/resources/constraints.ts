import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { InvalidateExternalApiParams, InvalidateExternalApiResponse } from '../types/wire'

export type ConstraintsResource = {
  /**
   * POST /constraint-updater/invalidate-external-api (Bearer: the client's `apiKey`): drops the cached
   * answers of an external-API purchase constraint, for every user or for one `user_address` and/or
   * one `collection_id`, so the next check asks the API again. Only the key's brand's entries are cleared.
   */
  invalidate(params: InvalidateExternalApiParams, options?: RequestOptions): Promise<InvalidateExternalApiResponse>
}

export function constraintsResource(ctx: ClientContext): ConstraintsResource {
  return {
    invalidate: (params, options) =>
      sendRequest(
        ctx,
        {
          name: 'constraints.invalidate',
          method: 'POST',
          path: '/constraint-updater/invalidate-external-api',
          body: params,
          auth: 'apiKey',
        },
        options,
      ),
  }
}
