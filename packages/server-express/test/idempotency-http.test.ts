import { createHash, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { TOKEN, useIdempotencyHttpWorld } from './helpers/idempotency-http-world'
import { testDialects } from './helpers/test-databases'

const DAY_MS = 24 * 3_600_000

// Concurrent duplicates, in one process and across two: idempotency-concurrency-http.test.ts.
describe.each(testDialects)('Idempotency-Key over HTTP on $dialect', ({ create }) => {
  const w = useIdempotencyHttpWorld(create)
  const { post, withKey, event, email, balanceOf, idempotencyRow, pregeneration } = w

  it('a retried manual-event gets its original 200 (replayed), not 409 DUPLICATE_EVENT; one mint', async () => {
    const key = randomUUID()
    const user = email()
    const first = await post('/loyalty-api/manual-event', event(user), withKey(key))
    const firstBody = await first.text()
    expect(first.status).toBe(200)
    expect(first.headers.get('idempotent-replayed')).toBeNull()

    const retry = await post('/loyalty-api/manual-event', event(user), withKey(key))
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.headers.get('content-type')).toBe(first.headers.get('content-type'))
    expect(retry.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
    expect(await retry.text()).toBe(firstBody)

    const body = JSON.parse(firstBody)
    expect(body).toMatchObject({ success: true, rewardAmount: 100, walletCreated: true, status: 'confirmed' })
    expect(await balanceOf(body.walletAddress)).toBe(100n * TOKEN)
    // The same retry without a key is judged again: the duplicate window refuses it.
    const unkeyed = await post('/loyalty-api/manual-event', event(user))
    expect(unkeyed.status).toBe(409)
    expect((await unkeyed.json()).code).toBe('DUPLICATE_EVENT')

    // Stored for 24 h from its answer, in the database.
    const row = await idempotencyRow(key)
    expect(row).toMatchObject({ state: 'completed', response_status: 200 })
    expect(row && Number(row.expires_at) - Number(row.completed_at)).toBe(DAY_MS)
  })

  it('the same key with another body or on another path → 409 IDEMPOTENCY_KEY_REUSED, nothing runs', async () => {
    const key = randomUUID()
    const [ann, bob] = [email(), email()]
    expect((await post('/loyalty-api/manual-event', event(ann), withKey(key))).status).toBe(200)

    const other = await post('/loyalty-api/manual-event', event(bob), withKey(key))
    expect(other.status).toBe(409)
    expect(other.headers.get('x-should-retry')).toBe('false')
    expect(await other.json()).toMatchObject({
      success: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: { idempotencyKey: key },
    })
    const elsewhere = await post('/loyalty-api/bulk-events', { events: [event(ann)] }, withKey(key))
    expect(elsewhere.status).toBe(409)
    expect((await elsewhere.json()).code).toBe('IDEMPOTENCY_KEY_REUSED')
    // Bob was never processed: his first event (another key) creates his wallet.
    const bobFirst = await post('/loyalty-api/manual-event', event(bob), withKey(randomUUID()))
    expect(await bobFirst.json()).toMatchObject({ success: true, walletCreated: true })
  })

  it('stores answers of the operation (a 409 DUPLICATE_EVENT), not validation 400s nor 429s', async () => {
    // A 400 from validation is not stored: the corrected request under the same key runs.
    const fixed = randomUUID()
    const user = email()
    const invalid = await post('/loyalty-api/manual-event', event('not-an-email'), withKey(fixed))
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).code).toBe('VALIDATION_FAILED')
    expect(await idempotencyRow(fixed)).toBeUndefined()
    const ok = await post('/loyalty-api/manual-event', event(user), withKey(fixed))
    expect(ok.status).toBe(200)

    // The operation's own 409 is stored and replayed.
    const dup = randomUUID()
    const refused = await post('/loyalty-api/manual-event', event(user), withKey(dup))
    expect(refused.status).toBe(409)
    const refusedBody = await refused.text()
    expect(JSON.parse(refusedBody).code).toBe('DUPLICATE_EVENT')
    const again = await post('/loyalty-api/manual-event', event(user), withKey(dup))
    expect(again.status).toBe(409)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.text()).toBe(refusedBody)

    // A 429 is not stored: the key stays free (another body under it is judged, not refused as reused).
    const limited = (await w.s.runtime.engine.brands.create({ name: 'Guild', websites: ['https://guild.example'] }))
      .brand.id
    for (let i = 0; i < 2; i++)
      expect((await post('/loyalty-api/pregenerate-user', pregeneration(limited))).status).toBe(200)
    const rate = randomUUID()
    const over = await post('/loyalty-api/pregenerate-user', pregeneration(limited), withKey(rate))
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
    const overAgain = await post('/loyalty-api/pregenerate-user', pregeneration(limited), withKey(rate))
    expect(overAgain.status).toBe(429)
    expect(await idempotencyRow(rate)).toBeUndefined()
  })

  it('refuses a key longer than 255 characters or with other than visible ASCII (400); 255 is fine', async () => {
    for (const bad of ['k'.repeat(256), 'has space', '']) {
      const res = await post('/loyalty-api/manual-event', event(email()), withKey(bad))
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'Idempotency-Key' }],
      })
    }
    const longest = `${randomUUID()}${'k'.repeat(255 - 36)}`
    const user = email()
    expect((await post('/loyalty-api/manual-event', event(user), withKey(longest))).status).toBe(200)
    const replayed = await post('/loyalty-api/manual-event', event(user), withKey(longest))
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
  })

  it('renders its 409s in the shape of the endpoint surface (pregeneration, identity, relayer)', async () => {
    const guild = (await w.s.runtime.engine.brands.create({ name: 'Guild 2', websites: ['https://g2.example'] })).brand
      .id
    const key = randomUUID()
    const created = await post('/loyalty-api/pregenerate-user', pregeneration(guild), withKey(key))
    expect(created.status).toBe(200)
    const another = await post('/loyalty-api/pregenerate-user', pregeneration(guild), withKey(key))
    expect(another.status).toBe(409)
    expect(await another.json()).toEqual({ error: expect.any(String), idempotencyKey: key })

    const login = randomUUID()
    const first = await post('/auth/dev-login', { email: email() }, withKey(login))
    expect(first.status).toBe(200)
    const token = (await first.json()).accessToken as string
    const reused = await post('/auth/dev-login', { email: email() }, withKey(login))
    expect(reused.status).toBe(409)
    expect(await reused.json()).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
      code: 'IDEMPOTENCY_KEY_REUSED',
      requestId: expect.any(String),
    })

    // Relayer: a key this caller (its bearer token) used for another request.
    const relayKey = randomUUID()
    const scope = `auth:${createHash('sha256').update(`Bearer ${token}`).digest('hex')}`
    const store = w.s.runtime.storage.idempotency
    const seeded = { scope, key: relayKey, claimId: randomUUID() }
    await store.claim({ ...seeded, requestHash: 'another request', now: Date.now(), lockTtlMs: 60_000 })
    const relayed = await post('/relay', { to: '0x' }, { ...withKey(relayKey), authorization: `Bearer ${token}` })
    expect(relayed.status).toBe(409)
    expect(await relayed.json()).toEqual({
      error: expect.any(String),
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: { idempotencyKey: relayKey },
    })
  })

  it('leaves the Stripe webhook alone: it dedups by event id, never by Idempotency-Key', async () => {
    const key = randomUUID()
    for (let i = 0; i < 2; i++) {
      const res = await post('/loyalty-api/stripe-webhook', { id: 'evt_1' }, withKey(key))
      expect(res.status).toBe(404)
      expect(res.headers.get('idempotent-replayed')).toBeNull()
    }
    expect(await idempotencyRow(key)).toBeUndefined()
  })
})
