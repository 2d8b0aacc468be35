import { randomBytes } from 'node:crypto'
import { networkInterfaces } from 'node:os'
import { perkCollectionAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookReceiver } from '../../engine/test/support/webhook-receiver'
import { postJson } from './helpers/post-json'
import { refundUnknownCharge } from './helpers/refund-unknown-charge'
import { grew, scrapeMetrics } from './helpers/scrape-metrics'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://metrics.example.com'
const TOKEN = randomBytes(24).toString('hex')
const rand = () => randomBytes(5).toString('hex')

// Prometheus metrics against the whole server (SQLite and PostgreSQL, the EDR chain, real HTTP):
// /metrics on its own port with a token, and values that move by what real traffic did. The probes
// (and /metrics on the main port) are in probes-http.test.ts.
describe.each(testDialects)('Prometheus metrics over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
  let brandId: string
  let freePerkId: number
  let metricsBase: string
  const scrape = () => scrapeMetrics(metricsBase, TOKEN)
  const event = (userEmail: string, eventType = 'account_creation') => ({
    brandId,
    eventType,
    userEmail,
    domain: 'metrics.example.com',
  })

  beforeAll(async () => {
    db = await create()
    // Every delivery fails its first attempt (503, retried) and succeeds the next, except those of a
    // `doomed.` user, which fail both attempts (the schedule allows two): failures of both kinds.
    receiver = await startWebhookReceiver(({ seen, body }) => (body.includes('doomed.') || seen === 0 ? 503 : 200))
    s = await startTestServer(db, {
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      LOYALTYKIT_METRICS_PORT: '0',
      LOYALTYKIT_METRICS_TOKEN: TOKEN,
      LOYALTYKIT_METRICS_CACHE_MS: '0',
      LOYALTYKIT_WEBHOOK_POLL_MS: '50',
      LOYALTYKIT_WEBHOOK_ALLOW_PRIVATE: 'true',
      LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE: '50ms',
      LOYALTYKIT_WEBHOOK_JITTER: '0',
      LOYALTYKIT_TRUST_PROXY: 'true',
    })
    metricsBase = `http://127.0.0.1:${s.metricsPort}`
    brandId = (await s.runtime.engine.brands.create({ name: 'Metrics', websites: [SITE] })).brand.id
    freePerkId = (await s.runtime.engine.perks.create({ brandId, name: 'Sticker', price: 0 })).collectionId
    await s.runtime.engine.webhooks.setEndpoint({ brandId, url: receiver.url })
  })
  afterAll(async () => {
    await s?.close()
    await receiver?.close()
    await db?.drop()
  })

  it('serves /metrics on LOYALTYKIT_METRICS_PORT only, on loopback, to scrapes with the token', async () => {
    expect(s.metricsPort).toBeGreaterThan(0)
    expect((await fetch(`${s.base}/metrics`)).status).toBe(404)

    const anonymous = await fetch(`${metricsBase}/metrics`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await anonymous.json()).toMatchObject({ code: 'METRICS_TOKEN_REQUIRED' })
    const wrong = await fetch(`${metricsBase}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })
    expect(wrong.status).toBe(401)

    const res = await fetch(`${metricsBase}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    expect(text).toContain('# TYPE process_cpu_seconds_total counter')
    expect(text).toContain('# TYPE loyaltykit_http_request_duration_seconds histogram')
    expect((await fetch(`${metricsBase}/livez`)).status).toBe(404)

    // Bound to 127.0.0.1: another address of this machine refuses the connection.
    const other = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)
    if (other) {
      await expect(fetch(`http://${other.address}:${s.metricsPort}/metrics`)).rejects.toThrow()
    }
  })

  it('moves by what real traffic did: events, a payment mint, a relay, webhook deliveries and failures, a refund', async () => {
    await expect.poll(async () => (await fetch(`${s.base}/readyz`)).status, { timeout: 20_000 }).toBe(200)
    const before = await scrape()
    const deliveriesBefore = receiver.received.length

    // Events: three accepted (one for a user whose webhooks always fail), two refused (a duplicate,
    // an unknown type); bulk: one of each.
    const user = `a.${rand()}@example.com`
    for (const body of [event(user), event(`b.${rand()}@example.com`), event(`doomed.${rand()}@example.com`)]) {
      expect((await postJson(s.base, '/loyalty-api/manual-event', body)).status).toBe(200)
    }
    const duplicate = await postJson(s.base, '/loyalty-api/manual-event', event(user))
    const unknown = await postJson(s.base, '/loyalty-api/manual-event', event(user, 'custom_never_configured'))
    const refusedCodes = [(await duplicate.json()).code, (await unknown.json()).code] as string[]
    const bulk = await (
      await postJson(s.base, '/loyalty-api/bulk-events', {
        events: [event(`c.${rand()}@example.com`), event(user, 'custom_never_configured')],
      })
    ).json()
    expect(bulk).toMatchObject({ processed: 1, failed: 1 })

    // A payment mint (local provider, paid through its dev checkout page).
    const checkout = await (
      await postJson(s.base, '/loyalty-api/create-checkout', {
        brandId,
        amount: 1500,
        userEmail: `buyer.${rand()}@example.com`,
        successUrl: `${SITE}/thanks`,
        cancelUrl: `${SITE}/cart`,
      })
    ).json()
    expect((await fetch(`${s.base}/loyalty-api/dev-checkout/${checkout.sessionId}`)).status).toBe(200)
    const paid = await fetch(`${s.base}/loyalty-api/dev-checkout/${checkout.sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    const minted = await (await postJson(s.base, '/loyalty-api/payment-mint', { sessionId: checkout.sessionId })).json()
    expect(minted.status).toBe('confirmed')

    // A relay (a free perk claimed for a user with no ETH) and a refused one.
    const login = await (await postJson(s.base, '/auth/dev-login', { email: `r.${rand()}@example.com` })).json()
    const relay = (body: Record<string, unknown>) =>
      fetch(`${s.base}/relay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${login.accessToken}`,
          origin: SITE,
          'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
        },
        body: JSON.stringify(body),
      })
    const data = encodeFunctionData({
      abi: perkCollectionAbi,
      functionName: 'claimFor',
      args: [login.walletAddress as Address, BigInt(freePerkId)],
    })
    const relayed = await relay({
      userAddress: login.walletAddress,
      to: s.runtime.chain?.contracts.perkCollection,
      data,
    })
    expect(relayed.status).toBe(200)
    const { gasUsed } = await relayed.json()
    const refusedRelay = await relay({ userAddress: login.walletAddress })
    expect(refusedRelay.status).toBe(400)
    const relayCode = (await refusedRelay.json()).code as string

    // A refund of a charge this server never sold points for: its clawback waits for that payment.
    expect(await refundUnknownCharge(s)).toBe('refunds: 1 awaiting the payment')

    // Webhooks: one delivery per reward (4 events + the payment), two attempts each.
    await expect.poll(() => receiver.received.length - deliveriesBefore, { timeout: 20_000 }).toBe(10)
    await s.minter?.drain()
    // Each attempt is counted once its outcome is recorded: wait for the ten, and for an empty outbox.
    let after = await scrape()
    await expect
      .poll(
        async () => {
          after = await scrape()
          return [grew(before, after, 'loyaltykit_webhook_attempts_total'), after.value('loyaltykit_webhook_backlog')]
        },
        { timeout: 10_000 },
      )
      .toEqual([10, 0])

    expect(grew(before, after, 'loyaltykit_events_accepted_total')).toBe(4)
    for (const code of [...new Set([...refusedCodes, 'EVENT_TYPE_NOT_CONFIGURED'])]) {
      const times = [...refusedCodes, 'EVENT_TYPE_NOT_CONFIGURED'].filter((c) => c === code).length
      expect(grew(before, after, 'loyaltykit_events_refused_total', { reason: code }), code).toBe(times)
    }
    expect(grew(before, after, 'loyaltykit_events_refused_total')).toBe(3)

    // Five jobs minted (4 events + 1 payment): claimed into batches and confirmed in transactions.
    expect(grew(before, after, 'loyaltykit_mint_batch_size_sum')).toBe(5)
    expect(grew(before, after, 'loyaltykit_mint_transaction_mints_sum')).toBe(5)
    const transactions = grew(before, after, 'loyaltykit_mint_transaction_mints_count')
    expect(transactions).toBeGreaterThanOrEqual(1)
    expect(grew(before, after, 'loyaltykit_mint_gas_per_mint_count')).toBe(transactions)
    expect(after.value('loyaltykit_mint_gas_per_mint_sum')).toBeGreaterThan(20_000)
    expect(after.value('loyaltykit_mint_jobs', { status: 'pending' })).toBe(0)
    expect(after.value('loyaltykit_mint_jobs', { status: 'batched' })).toBe(0)
    expect(after.value('loyaltykit_mint_oldest_pending_job_age_seconds')).toBe(0)
    expect(after.value('loyaltykit_minter_lease_held')).toBe(1)

    expect(grew(before, after, 'loyaltykit_relays_total', { function: 'claimFor' })).toBe(1)
    expect(grew(before, after, 'loyaltykit_relay_refusals_total', { code: relayCode })).toBe(1)
    expect(grew(before, after, 'loyaltykit_relay_transactions_total', { status: 'confirmed' })).toBe(1)
    expect(grew(before, after, 'loyaltykit_relay_gas_used_total')).toBe(Number(gasUsed))

    expect(grew(before, after, 'loyaltykit_webhook_attempts_total', { outcome: 'retry' })).toBe(5)
    expect(grew(before, after, 'loyaltykit_webhook_attempts_total', { outcome: 'delivered' })).toBe(4)
    expect(grew(before, after, 'loyaltykit_webhook_attempts_total', { outcome: 'failed' })).toBe(1)
    expect(grew(before, after, 'loyaltykit_clawbacks_pending', { status: 'awaiting_payment' })).toBe(1)
    expect(after.value('loyaltykit_clawbacks_pending', { status: 'pending' })).toBe(0)
    expect(after.value('loyaltykit_clawbacks_pending', { status: 'signed' })).toBe(0)

    // Signers: in step with the chain, funded.
    for (const role of ['minter', 'relayer']) {
      expect(after.value('loyaltykit_signer_nonce_drift', { role }), role).toBe(0)
      expect(after.value('loyaltykit_signer_balance_wei', { role }), role).toBeGreaterThan(0)
    }
    // The database pool of this process.
    const pool = after.labelsOf('loyaltykit_db_pool_connections')
    expect(pool).toEqual([{ dialect: db.dialect }])
    expect(after.value('loyaltykit_db_pool_max')).toBe(db.dialect === 'sqlite' ? 1 : 10)
    expect(after.value('loyaltykit_db_pool_waiting')).toBeGreaterThanOrEqual(0)

    // Requests by route pattern and status; no id of any kind in a label.
    const requests = (route: string, status: string, method = 'POST') =>
      grew(before, after, 'loyaltykit_http_request_duration_seconds_count', { method, route, status })
    expect(requests('/loyalty-api/manual-event', '200')).toBe(3)
    expect(requests('/loyalty-api/manual-event', String(duplicate.status))).toBeGreaterThanOrEqual(1)
    expect(requests('/loyalty-api/bulk-events', '200')).toBe(1)
    expect(requests('/loyalty-api/dev-checkout/:sessionId', '200', 'GET')).toBe(1)
    expect(requests('/relay', '200')).toBe(1)
    for (const id of [brandId, checkout.sessionId, login.walletAddress, login.walletAddress.toLowerCase(), user]) {
      expect(after.text).not.toContain(id)
    }
    expect((await fetch(`${s.base}/no/such/path/${rand()}`)).status).toBe(404)
    const later = await scrape()
    expect(grew(after, later, 'loyaltykit_http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1)
  })
})
