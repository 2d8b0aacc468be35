import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { EventConfigParams, EventConfigResponse } from '../types/wire'

export type EventConfigResource = {
  /** GET /loyalty-api/event-config?brandId=… : the brand's active event rules (cached 5 minutes by the server). */
  get(params: EventConfigParams, options?: RequestOptions): Promise<EventConfigResponse>
}

export function eventConfigResource(ctx: ClientContext): EventConfigResource {
  return {
    get: (params, options) =>
      sendRequest(
        ctx,
        {
          name: 'eventConfig.get',
          method: 'GET',
          path: '/loyalty-api/event-config',
          query: { brandId: params.brandId },
        },
        options,
      ),
  }
}
