import {
  getEventProofResponseSchema,
  getPaymentProofResponseSchema,
  getRedemptionProofResponseSchema,
} from '@loyaltykit/engine/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { custodialFlows } from '../../server-express/test/helpers/custodial-flows'
import { startTestServer, type TestServer } from '../../server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../server-express/test/helpers/test-databases'
import { createLoyaltyClient, type LoyaltyClient, NotFoundError, PermissionError } from '../src/index'
import { expectWire } from './helpers/expect-wire'

// Issue 13, point 2: the SDK's retrieve calls of the proofs of issuance (events, payments,
// redemptions) against the real server on SQLite; the HTTP tests of server-express cover PostgreSQL.
const SITE = 'https://proofs.example.com'
const sqlite = testDialects.find((d) => d.dialect === 'sqlite')!

describe('@loyaltykit/sdk: events.retrieve, payments.retrieve, redemptions.retrieve', () => {
  let db: TestDatabase
  let s: TestServer
  let brandId: `0x${string}`
  /** Without a key (what anyone may call), with the brand's key, with another brand's key. */
  let anyone: LoyaltyClient
  let brand: LoyaltyClient
  let other: LoyaltyClient

  beforeAll(async () => {
    db = await sqlite.create()
    s = await startTestServer(db, { LOYALTYKIT_TRUST_PROXY: 'true', LOYALTYKIT_MINT_WAIT_MS: '20000' })
    const created = await s.runtime.engine.brands.create({ name: 'Proofs', websites: [SITE] })
    brandId = created.brand.id as `0x${string}`
    const otherKey = (await s.runtime.engine.brands.create({ name: 'Other', websites: [] })).keys.apiKey
    anyone = createLoyaltyClient({ baseUrl: s.base })
    brand = createLoyaltyClient({ baseUrl: s.base, apiKey: created.keys.apiKey })
    other = createLoyaltyClient({ baseUrl: s.base, apiKey: otherKey, maxRetries: 0 })
  }, 120_000)
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it("events.retrieve: the proof of a tracked event, masked without the brand's key", async () => {
    const tracked = await brand.events.track({
      brandId,
      eventType: 'account_creation',
      userEmail: 'zoe@example.com',
      domain: 'proofs.example.com',
      metadata: { plan: 'gold' },
    })
    expect(tracked.status).toBe('confirmed')

    const proof = expectWire(getEventProofResponseSchema, await anyone.events.retrieve(tracked.eventId))
    expect(proof).toMatchObject({
      event: { id: tracked.eventId, userEmail: 'z***@example.com', metadata: null },
      rule: { eventType: 'account_creation', rewardAmount: tracked.rewardAmount },
      status: 'confirmed',
      walletAddress: tracked.walletAddress,
      amount: tracked.rewardAmount,
      transactionHash: tracked.transactionHash,
      masked: true,
    })
    const unmasked = await brand.events.retrieve(tracked.eventId)
    expect(unmasked.event).toMatchObject({ userEmail: 'zoe@example.com', metadata: { plan: 'gold' } })
    expect(unmasked.masked).toBe(false)

    const refused = await other.events.retrieve(tracked.eventId).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(PermissionError)
    expect((refused as PermissionError).code).toBe('API_KEY_BRAND_MISMATCH')
    const missing = await anyone.events.retrieve('no/such event').catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(NotFoundError)
    expect(missing).toMatchObject({ status: 404, code: 'EVENT_NOT_FOUND', details: { eventId: 'no/such event' } })
  })

  it('payments.retrieve: 404 until paid, then the purchase on chain', async () => {
    const checkout = await anyone.payments.createCheckout({
      brandId,
      amount: 300,
      userEmail: 'yan@example.com',
      successUrl: `${SITE}/ok`,
      cancelUrl: `${SITE}/cart`,
    })
    const unpaid = await anyone.payments.retrieve(checkout.sessionId).catch((e: unknown) => e)
    expect(unpaid).toMatchObject({ status: 404, code: 'PAYMENT_NOT_FOUND' })

    const pay = await fetch(`${s.base}/loyalty-api/dev-checkout/${checkout.sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(pay.status).toBe(303)
    const proof = expectWire(getPaymentProofResponseSchema, await anyone.payments.retrieve(checkout.sessionId))
    expect(proof).toMatchObject({
      payment: { sessionId: checkout.sessionId, tokenAmount: 3000, userEmail: 'y***@example.com' },
      status: 'confirmed',
      walletAddress: checkout.walletAddress,
      amount: 3000,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    expect((await brand.payments.retrieve(checkout.sessionId)).payment.userEmail).toBe('yan@example.com')
  })

  it('redemptions.retrieve: a relayed perk claim by <collectionId>:<tokenId>', async () => {
    const call = await custodialFlows(s, { origin: SITE, brandId }).claimPerk()
    // The claim as the ledger names it (<collectionId>:<tokenId>), from the entries of its transaction.
    const entries = await s.runtime.storage.ledger.listByTxHash(call.result.transactionHash)
    const id = entries.find((e) => e.kind === 'redemption')?.sourceId as string
    expect(id).toMatch(new RegExp(`^${call.perk.collectionId}:\\d+$`))
    const proof = expectWire(getRedemptionProofResponseSchema, await anyone.redemptions.retrieve(id))
    expect(proof).toMatchObject({
      redemption: { id, perkId: call.perk.id, price: 15, brandId },
      status: 'confirmed',
      walletAddress: call.user.walletAddress.toLowerCase(),
      amount: -15,
      transactionHash: call.result.transactionHash,
    })
    const missing = await anyone.redemptions.retrieve('LK-NONE').catch((e: unknown) => e)
    expect(missing).toMatchObject({ status: 404, code: 'REDEMPTION_NOT_FOUND' })
  })
})
