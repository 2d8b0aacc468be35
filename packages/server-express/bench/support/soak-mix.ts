import type { LoadTarget } from './load-generator'

/** The kinds of request the soak sends, in a repeating cycle of 20 (their share is the count / 20). */
const CYCLE = [
  ...Array<'new_event'>(10).fill('new_event'),
  ...Array<'repeat_event'>(3).fill('repeat_event'),
  'member',
  'member',
  'history',
  'event_config',
  'bulk',
  'health',
  'refused',
] as const

export type SoakKind = (typeof CYCLE)[number]

/** The status each kind must answer; anything else is an error of the soak. */
export const EXPECTED_STATUS: Record<SoakKind, number> = {
  new_event: 200,
  repeat_event: 200,
  member: 200,
  history: 200,
  event_config: 200,
  bulk: 200,
  health: 200,
  refused: 400,
}

export const soakKindOf = (i: number): SoakKind => CYCLE[i % CYCLE.length] as SoakKind

/**
 * A steady mix of the brand-facing routes: new users' events (the first reward creates a wallet and
 * mints), repeat events of existing members, member and history reads, the public event config, a
 * bulk call of three events, the health probe, and a refused (400) event. `members` are emails that
 * already hold a reward (seeded before the run); `tag` keeps each window's new users distinct.
 */
export function soakTarget(p: {
  origin: string
  brandId: string
  apiKey: string
  eventType: string
  domain: string
  members: readonly string[]
  tag: string
}): LoadTarget {
  const auth = { authorization: `Bearer ${p.apiKey}` }
  const member = (i: number) => p.members[i % p.members.length] as string
  const event = (userEmail: string) => ({ brandId: p.brandId, eventType: p.eventType, userEmail, domain: p.domain })
  return {
    origin: p.origin,
    request(i) {
      const fresh = (n: number) => `s${i}-${n}-${p.tag}@soak.example`
      switch (soakKindOf(i)) {
        case 'new_event':
          return { method: 'POST', path: '/loyalty-api/manual-event', body: JSON.stringify(event(fresh(0))) }
        case 'repeat_event':
          return { method: 'POST', path: '/loyalty-api/manual-event', body: JSON.stringify(event(member(i))) }
        case 'member':
          return { method: 'GET', path: `/loyalty-api/members/${encodeURIComponent(member(i))}`, headers: auth }
        case 'history':
          return {
            method: 'GET',
            path: `/loyalty-api/members/${encodeURIComponent(member(i))}/history?limit=20`,
            headers: auth,
          }
        case 'event_config':
          return { method: 'GET', path: `/loyalty-api/event-config?brandId=${p.brandId}` }
        case 'bulk':
          return {
            method: 'POST',
            path: '/loyalty-api/bulk-events',
            headers: auth,
            body: JSON.stringify({ events: [0, 1, 2].map((n) => event(fresh(n))) }),
          }
        case 'health':
          return { method: 'GET', path: '/loyalty-api/health' }
        case 'refused':
          return {
            method: 'POST',
            path: '/loyalty-api/manual-event',
            body: JSON.stringify({ brandId: p.brandId, userEmail: fresh(9) }),
          }
      }
    },
  }
}
