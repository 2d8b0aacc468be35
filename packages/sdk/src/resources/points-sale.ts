import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { ListPointsSaleItemsParams, ListPointsSaleItemsResponse } from '../types/wire'

/** The points sale: public, no credentials; on the relayer's base URL. */
export type PointsSaleResource = {
  /**
   * GET /points-sale/items: one page (`limit`, `offset`) of the sale's items, in item id order, with
   * price, stock and availability read from the chain; `brandId` keeps one seller's items,
   * `available: true` the items that can be bought now. The answer's `contract` is the relay's `to`
   * and the permit's spender for a `purchaseFor`.
   */
  list(params?: ListPointsSaleItemsParams, options?: RequestOptions): Promise<ListPointsSaleItemsResponse>
}

export function pointsSaleResource(ctx: ClientContext): PointsSaleResource {
  return {
    list: (params = {}, options) =>
      sendRequest(
        ctx,
        {
          name: 'pointsSale.list',
          method: 'GET',
          path: '/points-sale/items',
          base: 'relayer',
          query: { brandId: params.brandId, available: params.available, limit: params.limit, offset: params.offset },
        },
        options,
      ),
  }
}
