import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { BulkEventsParams, BulkEventsResponse, ManualEventParams, ManualEventResponse } from '../types/wire'

export type EventsResource = {
  /**
   * POST /loyalty-api/manual-event: records one event and mints its reward. From a backend pass
   * `domain` (the brand's website), since there is no Origin header to take it from. With the client's
   * `apiKey` the call is authenticated as the brand's own server.
   */
  track(params: ManualEventParams, options?: RequestOptions): Promise<ManualEventResponse>
  /** POST /loyalty-api/bulk-events: up to 100 manual-event bodies in one call; each item succeeds or fails alone. */
  bulk(params: BulkEventsParams, options?: RequestOptions): Promise<BulkEventsResponse>
}

export function eventsResource(ctx: ClientContext): EventsResource {
  return {
    track: (params, options) =>
      sendRequest(
        ctx,
        {
          name: 'events.track',
          method: 'POST',
          path: '/loyalty-api/manual-event',
          body: params,
          auth: 'optionalApiKey',
        },
        options,
      ),
    bulk: (params, options) =>
      sendRequest(
        ctx,
        {
          name: 'events.bulk',
          method: 'POST',
          path: '/loyalty-api/bulk-events',
          body: { events: params.events },
          auth: 'optionalApiKey',
        },
        options,
      ),
  }
}
