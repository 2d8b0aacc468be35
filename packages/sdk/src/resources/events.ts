import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import { type CursorListPromise, cursorListPromise } from '../pagination/cursor-list-promise'
import type {
  BulkEventsParams,
  BulkEventsResponse,
  CheckEligibilityParams,
  CheckEligibilityResponse,
  EventProof,
  ListEventsParams,
  ListEventsResponse,
  ManualEventParams,
  ManualEventResponse,
  RewardEvent,
} from '../types/wire'

export type EventsResource = {
  /**
   * POST /loyalty-api/manual-event: records one event and mints its reward. From a backend pass
   * `domain` (the brand's website), since there is no Origin header to take it from. With the client's
   * `apiKey` the call is authenticated as the brand's own server.
   */
  track(params: ManualEventParams, options?: RequestOptions): Promise<ManualEventResponse>
  /**
   * POST /loyalty-api/check-eligibility: would `track(params)` reward the user now? Judged by the same
   * rules, without recording anything; a refusal is `eligible: false` with every reason (cooldown with
   * `retryAfterSeconds`, max claims, duplicate…), not an error. With the client's `apiKey` internal
   * sources are judged as trusted, as in `track`.
   */
  checkEligibility(params: CheckEligibilityParams, options?: RequestOptions): Promise<CheckEligibilityResponse>
  /** POST /loyalty-api/bulk-events: up to 100 manual-event bodies in one call; each item succeeds or fails alone. */
  bulk(params: BulkEventsParams, options?: RequestOptions): Promise<BulkEventsResponse>
  /**
   * GET /loyalty-api/events/:eventId: the event's proof of issuance (the event, the rule as judged,
   * and its mint on chain: wallet, batch id, transaction, block, log index, status). Public; the
   * user's email and the metadata are masked unless the client has the brand's `apiKey`.
   */
  retrieve(eventId: string, options?: RequestOptions): Promise<EventProof>
  /**
   * GET /loyalty-api/events: the brand's reward events, newest first, filtered by `type`, `user` (an
   * email, or the wallet the rewards went to) and time (`since` inclusive, `until` exclusive; ISO
   * 8601). Needs the client's `apiKey` (scope `events` or `members_read`). Awaited: one page (`limit`
   * 1 to 100, default 20); `for await (const event of client.events.list({ type: 'purchase' }))`:
   * every matching event, page after page.
   */
  list(params?: ListEventsParams, options?: RequestOptions): CursorListPromise<RewardEvent>
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
    checkEligibility: (params, options) =>
      sendRequest(
        ctx,
        {
          name: 'events.checkEligibility',
          method: 'POST',
          path: '/loyalty-api/check-eligibility',
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
    retrieve: (eventId, options) =>
      sendRequest(
        ctx,
        {
          name: 'events.retrieve',
          method: 'GET',
          path: `/loyalty-api/events/${encodeURIComponent(eventId)}`,
          auth: 'optionalApiKey',
        },
        options,
      ),
    list: ({ cursor, ...filters } = {}, options) =>
      cursorListPromise(
        (next) =>
          sendRequest<ListEventsResponse>(
            ctx,
            {
              name: 'events.list',
              method: 'GET',
              path: '/loyalty-api/events',
              query: { ...filters, cursor: next },
              auth: 'apiKey',
            },
            options,
          ),
        cursor,
      ),
  }
}
