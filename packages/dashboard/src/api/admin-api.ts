import { AdminClient } from './admin-client'
import type {
  Brand,
  Member,
  MemberSummary,
  Overview,
  Page,
  Perk,
  Pipeline,
  Rule,
  RuleChange,
  RulePreview,
  Session,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
} from './admin-types'

type Data<T> = { data: T }

const client = new AdminClient()
const b = (brandId: string) => `/brands/${encodeURIComponent(brandId)}`
const data = async <T>(p: Promise<Data<T>>) => (await p).data

/** One typed function per /admin/v1 route the dashboard uses (docs/admin-api.md). */
export const adminApi = {
  client,

  /** Exchanges a brand API key or an operator key for the session cookie. */
  async signIn(apiKey: string): Promise<Session> {
    const session = await data(client.request<Data<Session>>('/session', { method: 'POST', body: { apiKey } }))
    client.csrfToken = session.csrfToken
    return session
  },
  /** The current session (after a reload), or null when there is none. */
  async currentSession(): Promise<Session | null> {
    try {
      const session = await data(client.request<Data<Session>>('/session'))
      client.csrfToken = session.csrfToken
      return session
    } catch (e) {
      if ((e as { status?: number }).status === 401) return null
      throw e
    }
  },
  async signOut(): Promise<void> {
    await client.request('/session', { method: 'DELETE' })
    client.csrfToken = null
  },

  brands: (cursor?: string) => client.request<Page<Brand>>('/brands', { query: { limit: 200, cursor } }),
  overview: (brandId: string, days = 30) =>
    data(client.request<Data<Overview>>(`${b(brandId)}/overview`, { query: { days } })),
  pipeline: (brandId: string) => data(client.request<Data<Pipeline>>(`${b(brandId)}/pipeline`)),

  rules: (brandId: string) => client.request<Page<Rule>>(`${b(brandId)}/rules`, { query: { limit: 200 } }),
  createRule: (brandId: string, rule: RuleChange & { eventType: string; rewardAmount: number }) =>
    data(client.request<Data<Rule>>(`${b(brandId)}/rules`, { method: 'POST', body: rule })),
  updateRule: (brandId: string, eventType: string, change: RuleChange) =>
    data(
      client.request<Data<Rule>>(`${b(brandId)}/rules/${encodeURIComponent(eventType)}`, {
        method: 'PATCH',
        body: change,
      }),
    ),
  disableRule: (brandId: string, eventType: string) =>
    data(
      client.request<Data<Rule>>(`${b(brandId)}/rules/${encodeURIComponent(eventType)}/disable`, { method: 'POST' }),
    ),
  previewRule: (brandId: string, eventType: string, member: { userEmail: string }) =>
    data(
      client.request<Data<RulePreview>>(`${b(brandId)}/rules/${encodeURIComponent(eventType)}/preview`, {
        method: 'POST',
        body: member,
      }),
    ),

  members: (brandId: string, q: string) =>
    client.request<Page<MemberSummary>>(`${b(brandId)}/members`, { query: { q } }),
  member: (brandId: string, walletAddress: string) =>
    data(client.request<Data<Member>>(`${b(brandId)}/members/${encodeURIComponent(walletAddress)}`)),

  perks: (brandId: string) => client.request<Page<Perk>>(`${b(brandId)}/perks`, { query: { limit: 200 } }),

  webhookEndpoints: (brandId: string) =>
    client.request<Page<WebhookEndpoint>>(`${b(brandId)}/webhook-endpoints`, { query: { limit: 200 } }),
  createWebhookEndpoint: (brandId: string, endpoint: { url: string; eventTypes: string[]; description?: string }) =>
    data(
      client.request<Data<WebhookEndpointCreated>>(`${b(brandId)}/webhook-endpoints`, {
        method: 'POST',
        body: endpoint,
      }),
    ),
  deleteWebhookEndpoint: (brandId: string, endpointId: string) =>
    client.request(`${b(brandId)}/webhook-endpoints/${encodeURIComponent(endpointId)}`, { method: 'DELETE' }),
  testWebhookEndpoint: (brandId: string, endpointId: string) =>
    client.request(`${b(brandId)}/webhook-endpoints/${encodeURIComponent(endpointId)}/test`, { method: 'POST' }),
  deliveries: (brandId: string, filter: { status?: string; endpointId?: string; cursor?: string }) =>
    client.request<Page<WebhookDelivery>>(`${b(brandId)}/webhook-deliveries`, { query: { limit: 50, ...filter } }),
  redeliver: (brandId: string, deliveryId: string) =>
    data(
      client.request<Data<WebhookDelivery>>(
        `${b(brandId)}/webhook-deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        { method: 'POST' },
      ),
    ),
}
