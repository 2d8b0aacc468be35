import type { EventRule } from './types'

/** The brand's active event rules from `GET {endpoint}/loyalty-api/event-config?brandId=`. Rejects on failure. */
export async function fetchEventConfig(endpoint: string, brandId: string): Promise<EventRule[]> {
  const url = `${endpoint.replace(/\/+$/, '')}/loyalty-api/event-config?brandId=${encodeURIComponent(brandId)}`
  const response = await fetch(url, { credentials: 'omit' })
  if (!response.ok) throw new Error(`event-config answered HTTP ${response.status}`)
  const data = (await response.json()) as { events?: unknown }
  if (!Array.isArray(data.events)) throw new Error('event-config answered without an events array')
  return data.events.filter(
    (rule): rule is EventRule =>
      rule !== null && typeof rule === 'object' && typeof (rule as EventRule).eventType === 'string',
  )
}
