import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import Stripe from 'stripe'
import { type Address, getContract } from 'viem'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestServer, type TestServer } from './start-test-server'
import { type StripeApiMock, startStripeApiMock } from './stripe-api-mock'
import type { TestDatabase } from './test-databases'

export const WEI = 10n ** 18n
export const SECRET_KEY = `sk_test_${randomBytes(16).toString('hex')}`
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64').replace(/[+/=]/g, 'x')}`
export const rand = () => randomBytes(6).toString('hex')
/** Only for its documented test-header helper (signatures as Stripe makes them). */
const signer = new Stripe('sk_test_signer_only')

/**
 * The world of the Stripe payment suites: a test server with Stripe keys, Stripe's API mocked with
 * msw at the HTTP boundary, and a brand; the fields are set in `beforeAll`.
 */
export type StripePaymentsWorld = {
  db: TestDatabase
  s: TestServer
  stripe: StripeApiMock
  brandId: string
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
  /** Delivers a webhook event signed as Stripe signs it (or with the given secret, timestamp or header). */
  deliver(event: unknown, options?: { secret?: string; timestamp?: number; header?: string | null }): Promise<Response>
  balanceOf(address: string): Promise<bigint>
  /** Opens a checkout of `amount` tokens for a new payer. */
  checkout(amount: number): Promise<{ sessionId: string; checkoutUrl: string; walletAddress: string }>
  /** The settled mint job of a session's payment, if there is one. */
  minted(sessionId: string): Promise<Awaited<ReturnType<TestServer['runtime']['engine']['mint']['wait']>> | undefined>
}

/** Registers the suite's `beforeAll` / `afterAll` and returns its world. */
export function useStripePaymentsWorld(create: () => Promise<TestDatabase>): StripePaymentsWorld {
  const w = {} as StripePaymentsWorld
  w.post = (path, body, headers = {}) =>
    fetch(`${w.s.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  w.deliver = (event, options = {}) => {
    const payload = JSON.stringify(event)
    const header =
      options.header === undefined
        ? signer.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? WEBHOOK_SECRET,
            ...(options.timestamp ? { timestamp: options.timestamp } : {}),
          })
        : options.header
    return fetch(`${w.s.base}/loyalty-api/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) },
      body: payload,
    })
  }
  w.balanceOf = (address) => {
    const chain = w.s.runtime.chain!
    const token = getContract({ address: chain.contracts.pointsToken, abi: pointsTokenAbi, client: chain.publicClient })
    return token.read.balanceOf([address as Address])
  }
  w.checkout = async (amount) => {
    const res = await w.post('/loyalty-api/create-checkout', {
      brandId: w.brandId,
      amount,
      userEmail: `payer.${rand()}@example.com`,
      successUrl: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example.com/cart',
    })
    expect(res.status).toBe(200)
    return res.json() as Promise<{ sessionId: string; checkoutUrl: string; walletAddress: string }>
  }
  w.minted = async (sessionId) => {
    const job = await w.s.runtime.engine.mint.get({ idempotencyKey: `payment:${sessionId}` })
    if (!job) return undefined
    return w.s.runtime.engine.mint.wait({ jobId: job.jobId }, { timeoutMs: 20_000 })
  }

  beforeAll(async () => {
    w.stripe = startStripeApiMock()
    w.db = await create()
    w.s = await startTestServer(w.db, { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })
    w.brandId = (
      await w.s.runtime.engine.brands.create({ name: 'Shop', websites: ['https://shop.example.com'] })
    ).brand.id
  })
  afterAll(async () => {
    await w.s?.close()
    await w.db?.drop()
    w.stripe?.close()
  })

  return w
}
