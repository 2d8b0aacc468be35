import {
  checkEligibilityResponseSchema,
  createCheckoutResponseSchema,
  debugResponseSchema,
  diagnosticResponseSchema,
  getEventConfigResponseSchema,
  healthResponseSchema,
  mintForPaymentResponseSchema,
  processBulkEventsResponseSchema,
  processEventResponseSchema,
  verifyDnsResponseSchema,
} from '@loyaltykit/engine/schemas'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../server-express/test/helpers/start-test-server'
import { AuthenticationError, BadRequestError, createLoyaltyClient, type LoyaltyClient } from '../src/index'
import { expectWire } from './helpers/expect-wire'
import { SITE, useSdkServerWorld } from './helpers/sdk-server-world'

// Identity (pregeneration, constraints, wallet): server-identity.test.ts; the chain (relay, perks, the
// points sale, webhooks): server-chain.test.ts. The server: helpers/sdk-server-world.ts.
describe('@loyaltykit/sdk against the real server', () => {
  const w = useSdkServerWorld()
  const { records } = w
  let s: TestServer
  let brandId: string
  let keys: { apiKey: string; dnsKey: string; securityKey: string }
  let loyalty: LoyaltyClient
  let trusted: LoyaltyClient
  beforeAll(() => {
    ;({ s, brandId, keys, loyalty, trusted } = w)
  })

  it('health, diagnostic and debug answer their schemas', async () => {
    const health = expectWire(healthResponseSchema, await loyalty.health.get())
    expect(health.status).toBe('healthy')
    expectWire(diagnosticResponseSchema, await loyalty.diagnostic.get())
    const debug = expectWire(debugResponseSchema, await loyalty.debug.get())
    expect(debug.path).toBe('/loyalty-api/debug')
  })

  it('eventConfig.get: the six default rules', async () => {
    const config = expectWire(getEventConfigResponseSchema, await loyalty.eventConfig.get({ brandId }))
    expect(config.brandId).toBe(brandId)
    expect(config.events.map((e) => e.eventType)).toContain('account_creation')
    expect(config.count).toBe(config.events.length)
  })

  it('events.track rewards with a real mint; validation errors come back as BadRequestError', async () => {
    const reward = expectWire(
      processEventResponseSchema,
      await loyalty.events.track({
        brandId,
        eventType: 'account_creation',
        userEmail: 'ada@example.com',
        domain: 'shop.example.com',
      }),
    )
    expect(reward).toMatchObject({ rewardAmount: 100, walletCreated: true, status: 'confirmed' })
    expect(reward.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)

    const error = await loyalty.events
      .track({ brandId: 'NOPE', eventType: 'account_creation', userEmail: 'x' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).requestId).toMatch(/\S/)
    expect(JSON.stringify((error as BadRequestError).details)).toContain('brandId')
  })

  it('events.checkEligibility: the dry run of track, every reason listed; the client apiKey makes internal sources trusted', async () => {
    const event = { brandId, eventType: 'complete_survey', userEmail: 'eve@example.com', domain: 'shop.example.com' }
    expect(expectWire(checkEligibilityResponseSchema, await loyalty.events.checkEligibility(event))).toEqual({
      eligible: true,
      rewardAmount: 75,
      reasons: [],
    })
    await loyalty.events.track(event)
    const refused = expectWire(checkEligibilityResponseSchema, await loyalty.events.checkEligibility(event))
    expect(refused).toMatchObject({ eligible: false, rewardAmount: 75 })
    expect(refused.reasons.map((r) => r.code)).toEqual(['duplicate', 'max_claims', 'cooldown'])
    const cooldown = refused.reasons.find((r) => r.code === 'cooldown')
    expect(cooldown?.code === 'cooldown' && cooldown.retryAfterSeconds).toBeGreaterThan(86_000)

    const internal = { ...event, metadata: { source: 'chat_manual_reward' } }
    expect((await loyalty.events.checkEligibility(internal)).eligible).toBe(false)
    expect(await trusted.events.checkEligibility(internal)).toEqual({ eligible: true, rewardAmount: 75, reasons: [] })
    const wrongKey = createLoyaltyClient({ baseUrl: s.base, apiKey: 'lk_wrong' })
    expect(await wrongKey.events.checkEligibility(internal).catch((e: unknown) => e)).toBeInstanceOf(
      AuthenticationError,
    )
  })

  it('events.bulk: per-item results; the client apiKey authenticates the brand (a wrong one is a 401)', async () => {
    const item = { brandId, userEmail: 'bob@example.com', domain: 'shop.example.com' }
    const bulk = expectWire(
      processBulkEventsResponseSchema,
      await trusted.events.bulk({
        events: [
          { ...item, eventType: 'newsletter_subscribe' },
          { ...item, eventType: 'not_configured_here' },
        ],
      }),
    )
    expect(bulk).toMatchObject({ processed: 1, failed: 1 })
    expect(bulk.results[0]?.success).toBe(true)
    expect(bulk.results[1]).toMatchObject({ success: false, eventId: null })

    const wrongKey = createLoyaltyClient({ baseUrl: s.base, apiKey: 'lk_wrong' })
    const error = await wrongKey.events.track({ ...item, eventType: 'form_submit' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthenticationError)
  })

  it('dns.verify reads the TXT record at _loyalty.<domain>', async () => {
    const before = expectWire(verifyDnsResponseSchema, await loyalty.dns.verify({ domain: 'shop.example.com' }))
    expect(before).toMatchObject({ dnsConfigured: false, brandId: null })
    records.set('_loyalty.shop.example.com', [`brand_id=${brandId};api_key=${keys.dnsKey}`])
    const after = expectWire(verifyDnsResponseSchema, await loyalty.dns.verify({ domain: 'shop.example.com' }))
    expect(after).toMatchObject({ domain: 'shop.example.com', dnsConfigured: true, brandId })
  })

  it('payments: createCheckout, pay on the local checkout page, mint (idempotent)', async () => {
    const checkout = expectWire(
      createCheckoutResponseSchema,
      await loyalty.payments.createCheckout({
        brandId,
        amount: 250,
        userEmail: 'carol@example.com',
        successUrl: `${SITE}/thanks?session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${SITE}/cart`,
      }),
    )
    expect(checkout).toMatchObject({ tokenAmount: 2500, usdAmount: 2.5 })

    const early = await loyalty.payments.mint({ sessionId: checkout.sessionId }, { maxRetries: 0 }).catch((e) => e)
    expect(early.status).toBeGreaterThanOrEqual(400)
    expect(early.message).toMatch(/not completed/i)

    const paid = await fetch(`${s.base}/loyalty-api/dev-checkout/${checkout.sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    const first = expectWire(
      mintForPaymentResponseSchema,
      await loyalty.payments.mint({ sessionId: checkout.sessionId }),
    )
    const again = expectWire(
      mintForPaymentResponseSchema,
      await loyalty.payments.mint({ sessionId: checkout.sessionId }),
    )
    expect(again.alreadyProcessed).toBe(true)
    expect(again.txHash).toBe(first.txHash)
    expect(first).toMatchObject({
      walletAddress: checkout.walletAddress,
      tokenAmount: 2500,
      sessionId: checkout.sessionId,
    })
  })
})
