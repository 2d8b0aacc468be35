import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Engine } from '@loyaltykit/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSecondApp } from './helpers/second-app'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const ALICE = '0x00000000000000000000000000000000000a11ce'
const BOB = '0x0000000000000000000000000000000000000b0b'

describe.each(testDialects)('constraint-cache invalidation over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let engine: Engine
  let api: Server
  let apiUrl: string
  let calls = 0
  const brands: Record<'a' | 'b', { id: string; apiKey: string }> = {
    a: { id: '', apiKey: '' },
    b: { id: '', apiKey: '' },
  }

  const post = (path: string, body: unknown, apiKey?: string, base = s.base) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify(body),
    })

  /** Fills the cache: both users × collection 1 (brand a) and 2 (brand b), one API call each. */
  async function warm() {
    for (const userAddress of [ALICE, BOB]) {
      for (const collectionId of [1, 2]) await engine.constraints.check({ collectionId, userAddress })
    }
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, {
      LOYALTYKIT_CONSTRAINT_ALLOW_PRIVATE: 'true',
      LOYALTYKIT_CONSTRAINT_CACHE_TTL_SECONDS: '600',
    })
    engine = s.runtime.engine
    api = createServer((req, res) => {
      calls++
      req.resume()
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ allowed: true }))
    })
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r))
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/can-purchase`
    for (const [name, collectionId] of [
      ['a', 1],
      ['b', 2],
    ] as const) {
      const { brand, keys } = await engine.brands.create({ name, websites: [] })
      brands[name] = { id: brand.id, apiKey: keys.apiKey }
      await engine.constraints.set({ brandId: brand.id, collectionId, apiUrl })
    }
  })
  afterAll(async () => {
    api?.closeAllConnections()
    await new Promise((r) => api?.close(r))
    await s?.close()
    await db?.drop()
  })

  it('caches answers for the configured TTL', async () => {
    await warm()
    const before = calls
    await warm()
    expect(calls).toBe(before)
    expect(before).toBeGreaterThanOrEqual(4)
  })

  it('needs a valid bearer API key with the constraints scope on /constraint-updater', async () => {
    const path = '/constraint-updater/invalidate-external-api'
    const dnsOnly = await engine.apiKeys.create({ brandId: brands.a.id, scopes: ['dns'] })
    for (const key of [undefined, 'lk_not-a-key', dnsOnly.apiKey]) {
      const res = await post(path, { api_url: apiUrl }, key)
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ success: false, error: expect.any(String) })
    }
    const missing = await post(path, { user_address: ALICE }, brands.a.apiKey)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ success: false, error: 'Missing required field: api_url' })
  })

  it("clears one user's entries of the key's brand only, and answers invalidated_count", async () => {
    await warm()
    const res = await post(
      '/constraint-updater/invalidate-external-api',
      { api_url: apiUrl, user_address: BOB },
      brands.a.apiKey,
    )
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['invalidated_count', 'message', 'success'])
    expect(body).toMatchObject({ success: true, invalidated_count: 1 })
    const before = calls
    await warm()
    expect(calls - before).toBe(1) // only (BOB, collection 1) was asked again
    const byCollection = await post(
      '/constraint-updater/invalidate-external-api',
      { api_url: apiUrl, collection_id: 2 },
      brands.b.apiKey,
    )
    expect(await byCollection.json()).toMatchObject({ invalidated_count: 2 })
    const foreign = await post(
      '/constraint-updater/invalidate-external-api',
      { api_url: apiUrl, collection_id: 2 },
      brands.a.apiKey,
    )
    expect(await foreign.json()).toMatchObject({ invalidated_count: 0 })
  })

  it('accepts /invalidate-external-api without a bearer; the invalidation reaches every process', async () => {
    await warm()
    const other = await startSecondApp(db, s)
    try {
      const anonymous = await post('/invalidate-external-api', { api_url: apiUrl }, undefined, other.base)
      expect(anonymous.status).toBe(200)
      expect(await anonymous.json()).toMatchObject({ success: true, invalidated_count: 4 })
      const before = calls
      await warm() // the first server re-asks: the cache lives in the shared database
      expect(calls - before).toBe(4)
      const badKey = await post('/invalidate-external-api', { api_url: apiUrl }, 'lk_wrong', other.base)
      expect(badKey.status).toBe(401)
      const none = await post(
        '/invalidate-external-api',
        { api_url: 'https://unknown.example/x' },
        undefined,
        other.base,
      )
      expect(await none.json()).toMatchObject({ invalidated_count: 0 })
    } finally {
      await other.close()
    }
  })
})
