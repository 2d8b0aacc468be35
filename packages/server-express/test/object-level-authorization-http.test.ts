import { Agent } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFuzzRequest } from '../fuzz/build-fuzz-request'
import { type FuzzFixture, startFuzzFixture } from '../fuzz/fuzz-fixture'
import { watchLedger } from '../fuzz/ledger-snapshot'
import { listMountedRoutes } from '../fuzz/list-mounted-routes'
import type { Draft } from '../fuzz/mutations'
import { ROUTE_GENERATORS, type RouteGenerator } from '../fuzz/route-generators'
import { type FuzzAnswer, sendFuzzRequest } from '../fuzz/send-fuzz-request'

/** Credentials that name a brand: a brand API key (required or optional) or the brand's HMAC signature. */
const BRAND_CREDENTIALS = new Set<RouteGenerator['auth']>([
  'api-key',
  'api-key-optional',
  'perk-signature',
  'admin-key',
])

/**
 * Routes where another brand's credential may be answered 2xx, and why no brand data leaks there
 * (each is checked below: the first brand's member's email and wallet never appear in the answer).
 */
const FOREIGN_SUCCESS: Record<string, string> = {
  // Bulk refuses item by item inside a 200 (the spec's per-item results).
  'POST /loyalty-api/bulk-events': 'every item refused in the 200 body',
  // Invalidation clears only the key's own brand's cache entries (constraint-http.test.ts).
  'POST /constraint-updater/invalidate-external-api': "clears only the key's own brand",
  'POST /invalidate-external-api': "clears only the key's own brand",
  // The admin API's brand list answers a brand key its own brand only (admin-api-http.test.ts).
  'GET /admin/v1/brands': "lists only the key's own brand",
}

/** The first brand's valid request for `route`, credentials as `auth` says. */
function requestFor(f: FuzzFixture, route: string, g: RouteGenerator, auth: Draft['auth']) {
  const d: Draft = {
    mutation: `object-level ${auth}`,
    input: g.base(f),
    params: g.params?.(f) ?? {},
    extraHeaders: {},
    auth,
    mustRefuse: auth !== 'valid',
  }
  return buildFuzzRequest(route, g, d, f)
}

/**
 * OWASP API1 (issue 20 point 5): every mounted route that takes a brand's credential is sent the
 * first brand's own valid request (its brand id, its member, its event, its session) signed with a
 * second brand's credential. Each is refused (401/403/404) or, where listed above, answered without
 * the first brand's data; and none changes the ledger or the chain. New routes are walked as soon as
 * they have a fuzz generator (fuzz-routes-http.test.ts requires one for every mounted route).
 */
describe('object-level authorization: a second brand credential on every brand-scoped route', () => {
  let f: FuzzFixture
  const agent = new Agent({ keepAlive: true })
  beforeAll(async () => {
    f = await startFuzzFixture()
  })
  afterAll(async () => {
    agent.destroy()
    await f?.close()
  })

  it('refuses the first brand’s data to the second brand’s credential, and nothing changes', async () => {
    const mounted = new Set(listMountedRoutes(f.app).map((r) => `${r.method} ${r.path}`))
    const routes = Object.entries(ROUTE_GENERATORS).filter(
      ([route, g]) => mounted.has(route) && BRAND_CREDENTIALS.has(g.auth),
    )
    expect(routes.length).toBeGreaterThanOrEqual(10)
    const base = new URL(f.server.base)
    const ledger = watchLedger(f)
    try {
      await ledger.settle()
      const before = await ledger.snapshot()
      const answers: Array<{ route: string; answer: FuzzAnswer }> = []
      for (const [route, g] of routes) {
        answers.push({
          route,
          answer: await sendFuzzRequest(base, await requestFor(f, route, g, 'other-brand'), agent),
        })
      }
      await ledger.settle()
      expect(await ledger.snapshot()).toEqual(before)

      const walked = answers.map(({ route, answer }) => {
        const leaked = [f.member.email, f.member.walletAddress.toLowerCase()].filter((s) =>
          answer.body.toLowerCase().includes(s.toLowerCase()),
        )
        const allowed = answer.status < 300 ? route in FOREIGN_SUCCESS : [401, 403, 404].includes(answer.status)
        return { route, status: answer.status, ok: allowed && leaked.length === 0, leaked }
      })
      const bulk = answers.find((a) => a.route === 'POST /loyalty-api/bulk-events')?.answer.body ?? ''
      expect(JSON.parse(bulk)).toMatchObject({ processed: 0, failed: 2 })
      for (const item of (JSON.parse(bulk) as { results: Array<{ code: string }> }).results) {
        expect(item).toMatchObject({ success: false, code: 'API_KEY_BRAND_MISMATCH' })
      }
      expect(walked.filter((w) => !w.ok)).toEqual([])
      // The list of exceptions holds only routes that exist and were walked.
      for (const route of Object.keys(FOREIGN_SUCCESS)) expect(routes.map(([r]) => r)).toContain(route)
    } finally {
      ledger.close()
    }
  })

  it('the same requests with the first brand’s own credential are not refused for their credential', async () => {
    const base = new URL(f.server.base)
    const refusedForKey: string[] = []
    for (const [route, g] of Object.entries(ROUTE_GENERATORS)) {
      if (!BRAND_CREDENTIALS.has(g.auth)) continue
      const answer = await sendFuzzRequest(base, await requestFor(f, route, g, 'valid'), agent)
      if (answer.status === 401 || answer.status === 403) refusedForKey.push(`${route} ${answer.status} ${answer.body}`)
    }
    // So the refusals above are the second brand's credential at work, not a broken request.
    expect(refusedForKey).toEqual([])
  })
})
