import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { acceptEvent } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/load-config'
import { createLogger } from '../logging/create-logger'
import { openRuntime, type Runtime } from './open-runtime'
import { startWebhookDispatcher } from './start-webhook-dispatcher'

describe('startWebhookDispatcher', () => {
  let dir: string
  let runtime: Runtime
  const ids: string[] = []
  const receiver = createServer((req, res) => {
    ids.push(String(req.headers['webhook-id']))
    req.resume()
    req.on('end', () => res.writeHead(204).end())
  })

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lk-webhooks-'))
    const env = { LOYALTYKIT_DATA_DIR: dir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'), NODE_ENV: 'test' }
    runtime = await openRuntime({
      config: loadConfig(env),
      logger: createLogger({ level: 'silent' }),
      withChain: false,
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await runtime?.close()
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  it('is not started with LOYALTYKIT_WEBHOOKS=false', () => {
    const logger = createLogger({ level: 'silent' })
    expect(startWebhookDispatcher(runtime, loadConfig({ LOYALTYKIT_WEBHOOKS: 'false' }).webhooks, logger)).toBe(
      undefined,
    )
  })

  it('runs in the background with the configured poll interval and stops cleanly', async () => {
    const { brand } = await runtime.engine.brands.create({ name: 'Bg', websites: ['https://bg.example'] })
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`
    await runtime.engine.webhooks.setEndpoint({ brandId: brand.id, url })
    const config = loadConfig({ LOYALTYKIT_WEBHOOK_POLL_MS: '20', LOYALTYKIT_WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks
    const dispatcher = startWebhookDispatcher(runtime, config, createLogger({ level: 'silent' }))
    expect(dispatcher).toBeDefined()
    try {
      await acceptEvent(runtime.engine.ctx, {
        brandId: brand.id,
        eventType: 'account_creation',
        userEmail: 'bg@example.com',
        domain: 'bg.example',
      })
      const now = Date.now()
      await runtime.storage.transaction(async (tx) => {
        const batchId = `0x${randomBytes(32).toString('hex')}`
        await tx.mint.claimJobs({ batchId, chainId: 31337, signer: `0x${'1'.repeat(40)}`, limit: 100, now })
        await tx.mint.confirmBatch({ batchId, txHash: `0x${'cd'.repeat(32)}`, blockNumber: 1, now })
      })
      await expect.poll(() => ids.length, { timeout: 5_000 }).toBe(1)
      const [delivery] = await runtime.engine.webhooks.listDeliveries({ brandId: brand.id })
      expect(ids[0]).toBe(delivery?.id)
    } finally {
      await dispatcher?.stop()
    }
  })
})
