import type { RequestOptions } from '../client/client-options'
import type { ApiRoute } from '../core/api-route'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type {
  CheckPerkStatusParams,
  CheckPerkStatusResponse,
  ListPerkHoldersParams,
  ListPerkHoldersResponse,
  RedeemPerkParams,
  RedeemPerkResponse,
} from '../types/wire'

/** Perk charges: signed with the client's `brandId` and `brandSecurityKey` (server-side only). */
export type PerksResource = {
  /** POST /redeem-perk: uses `charges` (default 1) charges of a claimed perk token, on chain. */
  redeem(params: RedeemPerkParams, options?: RequestOptions): Promise<RedeemPerkResponse>
  /** GET /check-perk-status: holder, charges remaining and total, and claim time of a perk token. */
  status(params: CheckPerkStatusParams, options?: RequestOptions): Promise<CheckPerkStatusResponse>
  /** GET /list-perk-holders: one page (`limit`, `offset`) of a collection's claimed tokens with their charges. */
  listHolders(params: ListPerkHoldersParams, options?: RequestOptions): Promise<ListPerkHoldersResponse>
}

const signed = { base: 'relayer', auth: 'brandSignature' } as const satisfies Partial<ApiRoute>

export function perksResource(ctx: ClientContext): PerksResource {
  return {
    redeem: (params, options) =>
      sendRequest(
        ctx,
        { ...signed, name: 'perks.redeem', method: 'POST', path: '/redeem-perk', body: params },
        options,
      ),
    status: (params, options) =>
      sendRequest(
        ctx,
        {
          ...signed,
          name: 'perks.status',
          method: 'GET',
          path: '/check-perk-status',
          query: { collectionId: params.collectionId, tokenId: params.tokenId },
        },
        options,
      ),
    listHolders: (params, options) =>
      sendRequest(
        ctx,
        {
          ...signed,
          name: 'perks.listHolders',
          method: 'GET',
          path: '/list-perk-holders',
          query: { collectionId: params.collectionId, limit: params.limit, offset: params.offset },
        },
        options,
      ),
  }
}
