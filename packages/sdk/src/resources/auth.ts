import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { DevLoginParams, DevLoginResponse } from '../types/wire'

export type AuthResource = {
  /**
   * POST /auth/dev-login: the local identity provider's development login (no password; refused with
   * 403 in production). Answers an `accessToken` for `wallet` and `relay` calls.
   */
  devLogin(params: DevLoginParams, options?: RequestOptions): Promise<DevLoginResponse>
}

export function authResource(ctx: ClientContext): AuthResource {
  return {
    devLogin: (params, options) =>
      sendRequest(
        ctx,
        { name: 'auth.devLogin', method: 'POST', path: '/auth/dev-login', body: { email: params.email } },
        options,
      ),
  }
}
