import { type AdminResource, adminResource } from '../admin/admin-resource'
import { type AgentResource, agentResource } from '../agent/agent-resource'
import type { ApiRoute } from '../core/api-route'
import { createClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import { type AuthResource, authResource } from '../resources/auth'
import { type ConstraintsResource, constraintsResource } from '../resources/constraints'
import { type DebugResource, debugResource } from '../resources/debug'
import { type DiagnosticResource, diagnosticResource } from '../resources/diagnostic'
import { type DnsResource, dnsResource } from '../resources/dns'
import { type EventConfigResource, eventConfigResource } from '../resources/event-config'
import { type EventsResource, eventsResource } from '../resources/events'
import { type HealthResource, healthResource } from '../resources/health'
import { type MembersResource, membersResource } from '../resources/members'
import { type PaymentsResource, paymentsResource } from '../resources/payments'
import { type PerksResource, perksResource } from '../resources/perks'
import { type PointsSaleResource, pointsSaleResource } from '../resources/points-sale'
import { type PregenerationResource, pregenerationResource } from '../resources/pregeneration'
import { type RedemptionsResource, redemptionsResource } from '../resources/redemptions'
import { type RelayResource, relayResource } from '../resources/relay'
import { type SiteResource, siteResource } from '../resources/site'
import { type WalletResource, walletResource } from '../resources/wallet'
import { type Webhooks, webhooks } from '../webhooks/webhooks'
import type { LoyaltyClientOptions, RequestOptions } from './client-options'

export type LoyaltyClient = {
  health: HealthResource
  diagnostic: DiagnosticResource
  debug: DebugResource
  eventConfig: EventConfigResource
  events: EventsResource
  members: MembersResource
  dns: DnsResource
  payments: PaymentsResource
  redemptions: RedemptionsResource
  pregeneration: PregenerationResource
  constraints: ConstraintsResource
  auth: AuthResource
  wallet: WalletResource
  relay: RelayResource
  perks: PerksResource
  pointsSale: PointsSaleResource
  /** The upstream site API (`/loyalty-api/site/*`): check-in streaks, milestones, perk redemption, leaderboard; `apiKey`. */
  site: SiteResource
  /** The agent API (`/api/v1`): every tool of the server's registry, signed with `agentKeyId` + `agentSecret`. */
  agent: AgentResource
  /** The admin API (`/admin/v1`, docs/admin-api.md) with `adminKey`: one method per route. */
  admin: AdminResource
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
    members: membersResource(ctx),
    dns: dnsResource(ctx),
    payments: paymentsResource(ctx),
    redemptions: redemptionsResource(ctx),
    pregeneration: pregenerationResource(ctx),
    constraints: constraintsResource(ctx),
    auth: authResource(ctx),
    wallet: walletResource(ctx),
    relay: relayResource(ctx),
    perks: perksResource(ctx),
    pointsSale: pointsSaleResource(ctx),
    site: siteResource(ctx),
    agent: agentResource(ctx),
    admin: adminResource(ctx),
    webhooks,
    request: (route, requestOptions) => sendRequest(ctx, route, requestOptions),
  }
}
