import { randomBytes } from 'node:crypto'
import type { RefundClawbackRecord, WebhookDeliveryRecord } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { enqueueMint } from '../src/minting/enqueue-mint'
import { testDatabases, useTestStorage } from './support/test-databases'

const hex = (bytes: number) => randomBytes(bytes).toString('hex')
const address = () => `0x${hex(20)}`

const delivery = (status: WebhookDeliveryRecord['status']): WebhookDeliveryRecord => ({
  id: `msg_${hex(16)}`,
  brandId: address(),
  endpointId: `we_${hex(16)}`,
  eventType: 'tokens_distributed',
  eventId: hex(8),
  mintJobId: null,
  payload: '{}',
  test: true,
  status,
  attempts: 0,
  nextAttemptAt: 0,
  claimToken: null,
  lastAttemptAt: null,
  lastStatusCode: null,
  lastError: null,
  deliveredAt: null,
  createdAt: 1,
  updatedAt: 1,
})

const refund = (status: RefundClawbackRecord['status']): RefundClawbackRecord => ({
  refundId: `re_${hex(8)}`,
  provider: 'local',
  paymentIntentId: `pi_${hex(8)}`,
  chargeId: null,
  refundCents: 100,
  chargeAmountCents: 100,
  currency: 'usd',
  refundCreatedAt: 1,
  sessionId: null,
  brandId: null,
  walletAddress: null,
  mintJobId: null,
  tokenAmount: null,
  status,
  clawedWei: null,
  shortfallWei: null,
  chainId: null,
  signer: null,
  nonce: null,
  txHash: null,
  rawTx: null,
  replacedTxHashes: [],
  signedAt: null,
  blockNumber: null,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  createdAt: 1,
  updatedAt: 1,
  confirmedAt: null,
})

describe.each(testDatabases())('backlog store contract on $dialect', (db) => {
  const t = useTestStorage(db)

  it('reads zeros and no oldest job on an empty database', async () => {
    expect(await t.storage.backlog.read()).toEqual({
      mintJobs: { pending: 0, batched: 0, oldestPendingAt: null },
      webhookDeliveries: { pending: 0 },
      clawbacks: { awaitingPayment: 0, pending: 0, signed: 0 },
    })
  })

  it('counts each queue by status, and the oldest pending mint job', async () => {
    const clock = (at: number) => ({ now: () => at })
    for (const [i, at] of [3_000, 1_000, 2_000, 4_000].entries()) {
      await t.storage.transaction((tx) =>
        enqueueMint(
          tx,
          { idempotencyKey: `backlog:${i}`, to: address(), amount: 1, source: 'test' },
          { clock: clock(at) },
        ),
      )
    }
    // The two oldest go into a batch: the oldest pending one is then the job of 3,000.
    const claimed = await t.storage.mint.claimJobs({
      batchId: `0x${hex(32)}`,
      chainId: 31337,
      signer: address(),
      limit: 2,
      now: 5_000,
    })
    expect(claimed).toHaveLength(2)
    for (const status of ['pending', 'pending', 'delivered', 'failed'] as const) {
      await t.storage.webhooks.insertDelivery(delivery(status))
    }
    for (const status of ['awaiting_payment', 'pending', 'pending', 'signed', 'confirmed'] as const) {
      await t.storage.payments.insertRefundIfAbsent(refund(status))
    }
    expect(await t.storage.backlog.read()).toEqual({
      mintJobs: { pending: 2, batched: 2, oldestPendingAt: 3_000 },
      webhookDeliveries: { pending: 2 },
      clawbacks: { awaitingPayment: 1, pending: 2, signed: 1 },
    })
  })
})
