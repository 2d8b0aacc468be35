import { randomBytes } from 'node:crypto'
import {
  type ClawbackWorker,
  createLocalPaymentProvider,
  type EngineContext,
  isLoyaltyError,
  type Minter,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
} from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll } from 'vitest'
import { createBrand } from '../../src/brands/create-brand'
import { createMinter } from '../../src/minting/create-minter'
import { createCheckout } from '../../src/payments/create-checkout'
import { createClawbackWorker } from '../../src/payments/create-clawback-worker'
import { type MintingTestChain, startMintingTestChain } from '../minting-test-chain'
import { type TestDatabase, useTestStorage } from './test-databases'

export const WEI = 10n ** 18n
const SUCCESS = 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}'
const CANCEL = 'https://shop.example.com/cart'
export const rand = () => randomBytes(8).toString('hex')

/** The LoyaltyError `p` rejects with (anything else is rethrown; a fulfilment fails the test). */
export async function failure(
  p: Promise<unknown>,
): Promise<{ code: string; message: string; category: string; details: unknown }> {
  try {
    await p
  } catch (e) {
    if (isLoyaltyError(e)) return { code: e.code, message: e.message, category: e.category, details: e.details }
    throw e
  }
  throw new Error('expected a failure')
}

/**
 * The world of the engine's payment suites: storage, the EDR chain, a running minter and clawback
 * worker, the local payment provider and a brand; the fields are set in `beforeAll`.
 */
export function usePaymentsWorld(db: TestDatabase) {
  const t = useTestStorage(db)
  const w = {
    t,
    chain: undefined as unknown as MintingTestChain,
    ctx: undefined as unknown as EngineContext,
    minter: undefined as unknown as Minter,
    worker: undefined as unknown as ClawbackWorker,
    local: undefined as unknown as PaymentProvider,
    brandId: '',
    /** A checkout of 2,500 tokens for a new user (`over` replaces any field). */
    checkout: (over: Record<string, unknown> = {}, idempotencyKey?: string) =>
      createCheckout(
        w.ctx,
        {
          brandId: w.brandId,
          amount: 2500,
          userEmail: `u${rand()}@example.com`,
          successUrl: SUCCESS,
          cancelUrl: CANCEL,
          ...over,
        },
        { provider: w.local, idempotencyKey },
      ),
    /** Marks the session paid, as the provider's completion would. */
    pay: (sessionId: string) =>
      t.storage.payments.markCheckoutSessionPaid({ id: sessionId, paymentIntentId: `pi_${rand()}`, now: Date.now() }),
    /** A `charge.refunded` event of the payment intent listing `refunds`. */
    refunded: (
      paymentIntentId: string,
      amountCents: number,
      refunds: Array<Pick<ProviderRefund, 'id' | 'amountCents'> & Partial<ProviderRefund>>,
    ): PaymentEvent => ({
      id: `evt_${rand()}`,
      type: 'charge.refunded',
      chargeId: `ch_${rand()}`,
      paymentIntentId,
      amountCents,
      amountRefundedCents: refunds.reduce((n, r) => n + r.amountCents, 0),
      currency: 'usd',
      refunds: refunds.map((r, i) => ({ status: 'succeeded', createdAt: 1_700_000_000_000 + i, ...r })),
    }),
  }

  beforeAll(async () => {
    w.chain = await startMintingTestChain()
    w.ctx = createTestContext(t.storage, { chain: w.chain.chain })
    w.local = createLocalPaymentProvider({ stores: t.storage })
    w.minter = createMinter(w.ctx, { pollIntervalMs: 20, retryBaseMs: 20 })
    w.minter.start()
    w.worker = createClawbackWorker(w.ctx, { pollIntervalMs: 20, retryBaseMs: 20, replaceAfterMs: 300 })
    w.worker.start()
    w.brandId = (await createBrand(w.ctx, { name: 'Shop', websites: ['https://shop.example.com'] })).brand.id
  })
  afterAll(async () => {
    await Promise.all([w.minter?.stop(), w.worker?.stop()])
    await w.chain?.close()
  })

  return w
}
