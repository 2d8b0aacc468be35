import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { PregenerateUserParams, PregenerateUserResponse } from '../types/wire'

export type PregenerationResource = {
  /**
   * POST /loyalty-api/pregenerate-user: gets or creates the wallet of an OAuth identity (provider +
   * platform user id) before the user ever logs in. Idempotent: a repeat answers the same wallet with
   * `created_new: false`. Server-to-server only (never from a browser). Limited per brand (100 a minute,
   * 10,000 a day): a 429 is a `RateLimitError`.
   */
  pregenerateUser(params: PregenerateUserParams, options?: RequestOptions): Promise<PregenerateUserResponse>
}

export function pregenerationResource(ctx: ClientContext): PregenerationResource {
  return {
    pregenerateUser: (params, options) =>
      sendRequest(
        ctx,
        { name: 'pregeneration.pregenerateUser', method: 'POST', path: '/loyalty-api/pregenerate-user', body: params },
        options,
      ),
  }
}
