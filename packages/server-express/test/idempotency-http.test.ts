import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryTestDatabase } from './helpers/query-test-database'
import { startSecondApp } from './helpers/second-app'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const SITE = 'https://shop.example.com'
const DAY_MS = 24 * 3_600_000
const TOKEN = 10n ** 18n
let nextDiscordId = 120_000_000_000_000_000n

describe.each(testDialects)('Idempotency-Key over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string

  const post = (path: string, body: unknown, headers: Record<string, string> = {}, base = s.base) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const withKey = (key: string) => ({ 'idempotency-key': key })
  const event = (userEmail: string, over: Record<string, unknown> = {}) => ({
    brandId,
    eventType: 'account_creation',
    userEmail,
    domain: 'shop.example.com',
    ...over,
  })
  const email = () => `u-${randomUUID().slice(0, 8)}@example.com`
  const balanceOf = (address: string) => tokenBalance(s, address)
  /** The key's row as another connection sees it (state, stored status, expiry). */
  const idempotencyRow = async (key: string) =>
    (
      await queryTestDatabase<{ state: string; response_status: number; completed_at: number; expires_at: number }>(
        db,
        'select state, response_status, completed_at, expires_at from idempotency_keys where key = ?',
        [key],
      )
    )[0]
  const pregeneration = (brand: string) => {
    nextDiscordId += 7_919_293n
    return { brand_id: brand, oauth_provider: 'discord', oauth_user_id: nextDiscordId.toString() }
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, {
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      // Every mint waits this long for company: a rewarding request runs for at least 400 ms.
      LOYALTYKIT_MINT_BATCH_WINDOW_MS: '400',
      LOYALTYKIT_PREGENERATION_PER_MINUTE: '2',
    })
    brandId = (await s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

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
    const limited = (await s.runtime.engine.brands.create({ name: 'Guild', websites: ['https://guild.example'] })).brand
      .id
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
    const guild = (await s.runtime.engine.brands.create({ name: 'Guild 2', websites: ['https://g2.example'] })).brand.id
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
    const store = s.runtime.storage.idempotency
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

  it('20 concurrent duplicates: one execution, the others wait and replay it (or 409 IN_USE); one reward', async () => {
    const key = randomUUID()
    const user = email()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/loyalty-api/manual-event', event(user), withKey(key))),
    )
    const results = await Promise.all(
      answers.map(async (r) => ({
        status: r.status,
        replayed: r.headers.get('idempotent-replayed') === 'true',
        retryAfter: r.headers.get('retry-after'),
        body: await r.text(),
      })),
    )
    const ran = results.filter((r) => r.status === 200 && !r.replayed)
    const replayed = results.filter((r) => r.status === 200 && r.replayed)
    const inUse = results.filter((r) => r.status === 409)
    expect(ran).toHaveLength(1)
    expect(replayed.length).toBeGreaterThan(0)
    expect(replayed.length + inUse.length).toBe(19)
    for (const r of replayed) expect(r.body).toBe(ran[0]!.body)
    for (const r of inUse) {
      expect(JSON.parse(r.body).code).toBe('IDEMPOTENCY_KEY_IN_USE')
      expect(r.retryAfter).toBe('1')
    }
    const { walletAddress } = JSON.parse(ran[0]!.body)
    expect(await balanceOf(walletAddress)).toBe(100n * TOKEN)
  })

  it('a duplicate sent to another server process on the same database waits for the first and replays it', async () => {
    const second = await startSecondApp(db, s)
    try {
      const key = randomUUID()
      const user = email()
      const first = post('/loyalty-api/manual-event', event(user), withKey(key))
      let row = await idempotencyRow(key)
      for (let i = 0; i < 400 && !row; i++) {
        await new Promise((r) => setTimeout(r, 5))
        row = await idempotencyRow(key)
      }
      // The first still runs (its mint waits 400 ms for company) when the duplicate reaches the other process.
      expect(row?.state).toBe('in_progress')
      const duplicate = await post('/loyalty-api/manual-event', event(user), withKey(key), second.base)
      const original = await first
      expect(original.status).toBe(200)
      expect(duplicate.status).toBe(200)
      expect(duplicate.headers.get('idempotent-replayed')).toBe('true')
      expect(await duplicate.text()).toBe(await original.text())
      const later = await post('/loyalty-api/manual-event', event(user), withKey(key), second.base)
      expect(later.headers.get('idempotent-replayed')).toBe('true')
    } finally {
      await second.close()
    }
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
