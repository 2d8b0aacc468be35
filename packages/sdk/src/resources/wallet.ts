import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { SignTypedDataParams, SignTypedDataResponse, WalletResponse } from '../types/wire'

export type WalletResource = {
  /** GET /wallet (user access token): the user's wallet address and points balance. */
  get(options?: RequestOptions): Promise<WalletResponse>
  /**
   * POST /wallet/sign-typed-data (user access token): the server signs an ERC-2612 permit of the
   * points token to an approved spender (the perk collection, the points sale, the business escrow,
   * or the relayer account for a token `transferFrom`) with the user's custodial wallet; anything else
   * is refused (403). The answer's `permit` goes into a relay request's `metadata.permit`.
   */
  signTypedData(params: SignTypedDataParams, options?: RequestOptions): Promise<SignTypedDataResponse>
}

export function walletResource(ctx: ClientContext): WalletResource {
  return {
    get: (options) =>
      sendRequest(ctx, { name: 'wallet.get', method: 'GET', path: '/wallet', auth: 'accessToken' }, options),
    signTypedData: (params, options) =>
      sendRequest(
        ctx,
        {
          name: 'wallet.signTypedData',
          method: 'POST',
          path: '/wallet/sign-typed-data',
          body: params,
          auth: 'accessToken',
        },
        options,
      ),
  }
}
