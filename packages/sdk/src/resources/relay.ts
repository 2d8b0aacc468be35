import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { RelayParams, RelayResponse } from '../types/wire'

export type RelayResource = {
  /**
   * POST /relay (user access token, relayer base URL): executes a call to an approved contract on the
   * user's behalf, the relayer paying the gas; a `metadata.permit` is executed first. Resolves once the
   * transaction is mined. 409 `CLAIM_LIMIT_REACHED` is a `ConflictError`; the user's hourly limit a
   * `RateLimitError`.
   */
  execute(params: RelayParams, options?: RequestOptions): Promise<RelayResponse>
}

export function relayResource(ctx: ClientContext): RelayResource {
  return {
    execute: (params, options) =>
      sendRequest(
        ctx,
        { name: 'relay.execute', method: 'POST', path: '/relay', base: 'relayer', body: params, auth: 'accessToken' },
        options,
      ),
  }
}
