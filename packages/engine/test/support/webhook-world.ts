import { randomBytes } from 'node:crypto'
import { type EngineContext, isLoyaltyError, type Storage } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll } from 'vitest'
import { createBrand } from '../../src/brands/create-brand'
import { acceptEvent } from '../../src/events/accept-event'
import { setRule } from '../../src/rules/set-rule'
import { setWebhookEndpoint } from '../../src/webhooks/set-webhook-endpoint'
import { type TestDatabase, useTestStorage } from './test-databases'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver'

/** A clock the test moves by hand (retry schedules run in no time). */
export function manualClock(start = 1_800_000_000_000) {
  let now = start
  return {
    now: () => now,
    set: (t: number) => {
      now = t
    },
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** Confirms every pending mint job through the mint store, as the minter does once a batch is mined. */
export async function confirmPendingMints(storage: Storage, now: number): Promise<string> {
  const batchId = `0x${randomBytes(32).toString('hex')}`
  const txHash = `0x${randomBytes(32).toString('hex')}`
  await storage.transaction(async (tx) => {
    await tx.mint.claimJobs({ batchId, chainId: 31337, signer: `0x${'1'.repeat(40)}`, limit: 10_000, now })
    await tx.mint.confirmBatch({ batchId, txHash, blockNumber: 7, now })
  })
  return txHash
}

/** The code of the LoyaltyError `p` rejects with, or 'ok' when it fulfils. */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isLoyaltyError(e)) return e.code
    throw e
  }
}

/**
 * The world of the outgoing-webhook suites: fresh storage and a webhook receiver (started in
 * `beforeAll`), and `setup()` for each test.
 */
export function useWebhookWorld(db: TestDatabase) {
  const t = useTestStorage(db)
  const w = { t, receiver: undefined as unknown as WebhookReceiver, setup }

  beforeAll(async () => {
    w.receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await w.receiver?.close()
  })

  /** A brand with an endpoint at the receiver (path unique per brand) and a context on a manual clock. */
  async function setup(overrides: Partial<EngineContext> = {}) {
    // Each test starts with an empty outbox (the dispatcher serves every brand of the database).
    await t.database.db.deleteFrom('webhook_deliveries').execute()
    const clock = manualClock()
    const ctx = createTestContext(t.storage, { clock, ...overrides })
    const { brand } = await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })
    await setRule(ctx, { brandId: brand.id, eventType: 'form_submit', maxClaims: -1, cooldownHours: 0 })
    const { secret } = await setWebhookEndpoint(ctx, { brandId: brand.id, url: `${w.receiver.url}/${brand.id}` })
    const forBrand = () => w.receiver.received.filter((r) => r.headers['webhook-id'] && r.body.includes(brand.id))
    const event = (email: string, eventType = 'form_submit') =>
      acceptEvent(ctx, { brandId: brand.id, eventType, userEmail: email, domain: 'shop.example.com' })
    return { ctx, clock, brandId: brand.id, secret, forBrand, event }
  }

  return w
}
