import type { ApiRoute } from '../core/api-route'
import { createClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import { type DebugResource, debugResource } from '../resources/debug'
import { type DiagnosticResource, diagnosticResource } from '../resources/diagnostic'
import { type EventConfigResource, eventConfigResource } from '../resources/event-config'
import { type EventsResource, eventsResource } from '../resources/events'
import { type HealthResource, healthResource } from '../resources/health'
import { type Webhooks, webhooks } from '../webhooks/webhooks'
import type { LoyaltyClientOptions, RequestOptions } from './client-options'

export type LoyaltyClient = {
  health: HealthResource
  diagnostic: DiagnosticResource
  debug: DebugResource
  eventConfig: EventConfigResource
  events: EventsResource
  webhooks: Webhooks
  /** Escape hatch for an endpoint without a resource yet; same retries, idempotency, signing and errors. */
  request<T = unknown>(route: ApiRoute, options?: RequestOptions): Promise<T>
}

/**
 * Creates a client for one loyaltykit server.
 *
 * @example
 * const loyalty = createLoyaltyClient({ baseUrl: 'http://localhost:3000' })
 * const { status } = await loyalty.health.get()
 */
export function createLoyaltyClient(options: LoyaltyClientOptions): LoyaltyClient {
  const ctx = createClientContext(options)
  return {
    health: healthResource(ctx),
    diagnostic: diagnosticResource(ctx),
    debug: debugResource(ctx),
    eventConfig: eventConfigResource(ctx),
    events: eventsResource(ctx),
    webhooks,
    request: (route, requestOptions) => sendRequest(ctx, route, requestOptions),
  }
}
