import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { InvalidateExternalApiParams, InvalidateExternalApiResponse } from '../types/wire'

export type ConstraintsResource = {
  /**
   * Drops the cached answers of an external-API purchase constraint, for every user or for one
   * `user_address` and/or one `collection_id`, so the next check asks the API again. With the client's
   * `apiKey`: `POST /constraint-updater/invalidate-external-api` (Bearer), clearing only that brand's
   * entries; without one: the spec's unauthenticated `POST /invalidate-external-api`.
   */
  invalidate(params: InvalidateExternalApiParams, options?: RequestOptions): Promise<InvalidateExternalApiResponse>
}

export function constraintsResource(ctx: ClientContext): ConstraintsResource {
  return {
    invalidate: (params, options) =>
      sendRequest(
        ctx,
        ctx.credentials.apiKey === undefined
          ? { name: 'constraints.invalidate', method: 'POST', path: '/invalidate-external-api', body: params }
          : {
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
