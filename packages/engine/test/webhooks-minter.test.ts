import type { Minter } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { createBrand } from '../src/brands/create-brand'
import { processEvent } from '../src/events/process-event'
import { createMinter } from '../src/minting/create-minter'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { listWebhookDeliveries } from '../src/webhooks/list-webhook-deliveries'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import { type MintingTestChain, startMintingTestChain } from './minting-test-chain'
import { testDatabases, useTestStorage } from './support/test-databases'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

describe.each(testDatabases())('tokens_distributed with the real minter on the EDR chain ($dialect)', (db) => {
  const t = useTestStorage(db)
  let testChain: MintingTestChain
  let receiver: WebhookReceiver
  let minter: Minter | undefined

  beforeAll(async () => {
    ;[testChain, receiver] = await Promise.all([startMintingTestChain(), startWebhookReceiver()])
  })
  afterAll(async () => {
    await minter?.stop()
    await receiver?.close()
    await testChain?.close()
  })

  it('an accepted event is delivered once its mint is mined, carrying the on-chain transaction hash', async () => {
    const ctx = createTestContext(t.storage, { chain: testChain.chain })
    const { brand } = await createBrand(ctx, { name: 'Chain', websites: ['https://chain.example'] })
    const { secret } = await setWebhookEndpoint(ctx, { brandId: brand.id, url: receiver.url })
    const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, pollIntervalMs: 20 })
    dispatcher.start()
    try {
      // No minter yet: the event is accepted (pending mint) and nothing is sent.
      const pending = await processEvent(
        ctx,
        { brandId: brand.id, eventType: 'account_creation', userEmail: 'Chain@Example.com', domain: 'chain.example' },
        { mintWaitMs: 0 },
      )
      expect(pending.status).toBe('pending')
      await new Promise((r) => setTimeout(r, 150))
      expect(receiver.received).toHaveLength(0)

      minter = createMinter(ctx, { pollIntervalMs: 20 })
      minter.start()
      await minter.drain({ timeoutMs: 20_000 })
      await expect.poll(() => receiver.acknowledged().length, { timeout: 5_000 }).toBe(1)
    } finally {
      await dispatcher.stop()
    }
    const [request] = receiver.received
    const event = await sdkWebhooks.verify(request!.body, request!.headers, secret)
    const job = await t.storage.mint.getJobByKey(
      `event:${(await listWebhookDeliveries(ctx, { brandId: brand.id }))[0]!.eventId}`,
    )
    expect(job?.status).toBe('confirmed')
    expect(event).toEqual({
      event: 'tokens_distributed',
      brandId: brand.id,
      userId: 'chain@example.com',
      email: 'chain@example.com',
      walletAddress: job!.to,
      tokenAmount: 100,
      transactionHash: job!.txHash,
      timestamp: job!.confirmedAt,
    })
    const receipt = await testChain.publicClient.getTransactionReceipt({ hash: event.transactionHash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await testChain.balanceOf(event.walletAddress)).toBe(100n * 10n ** 18n)
  })
})
