import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://shop.example.com'

describe.each(testDialects)('event handler with a short mint wait on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '0' })
    brandId = (await s.runtime.engine.brands.create({ name: 'Slow', websites: [SITE] })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('answers pending with the event id when the mint outlasts the wait, and the hash arrives later', async () => {
    const quick = s
    const res = await fetch(`${quick.base}/loyalty-api/manual-event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        brandId,
        eventType: 'rate_experience',
        userEmail: 'slow@example.com',
        domain: 'shop.example.com',
      }),
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ success: true, status: 'pending', transactionHash: null })
    let stored = await quick.runtime.storage.events.get(body.eventId)
    for (let i = 0; i < 200 && !stored?.transactionHash; i++) {
      await new Promise((r) => setTimeout(r, 50))
      stored = await quick.runtime.storage.events.get(body.eventId)
    }
    expect(stored?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
  })
})
