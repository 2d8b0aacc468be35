import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../server-express/test/helpers/test-databases'
import { ConflictError, createLoyaltyClient } from '../src/index'

type Forwarded = {
  idempotencyKey: string | undefined
  status: number
  replayed: boolean
  body: string
  dropped: boolean
}

/**
 * A proxy in front of the server that forwards every request and its answer, except that it drops
 * the connection instead of answering the first request: the server did the work, the client never
 * hears of it.
 */
async function startLossyProxy(target: string) {
  const forwarded: Forwarded[] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && /^(content-type|authorization|idempotency-key|x-)/.test(name))
        headers[name] = value
    }
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    const body = await upstream.text()
    const dropped = forwarded.length === 0
    forwarded.push({
      idempotencyKey: headers['idempotency-key'],
      status: upstream.status,
      replayed: upstream.headers.get('idempotent-replayed') === 'true',
      body,
      dropped,
    })
    if (dropped) return void req.socket.destroy()
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe.each(testDialects)('SDK retries of a lost answer on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000' })
    brandId = (await s.runtime.engine.brands.create({ name: 'Shop', websites: ['https://shop.example.com'] })).brand.id
  }, 120_000)
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('events.track whose answer was lost: the retry gets the original success, and the chain mints once', async () => {
    const proxy = await startLossyProxy(s.base)
    try {
      const loyalty = createLoyaltyClient({ baseUrl: proxy.base, sleep: async () => {} })
      const params = {
        brandId,
        eventType: 'account_creation',
        userEmail: 'lost@example.com',
        domain: 'shop.example.com',
      }
      const result = await loyalty.events.track(params)

      // Two attempts reached the server under one key; the first ran and its answer was dropped.
      expect(proxy.forwarded).toHaveLength(2)
      const [first, retry] = proxy.forwarded as [Forwarded, Forwarded]
      expect(first).toMatchObject({ status: 200, dropped: true, replayed: false })
      expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
      expect(retry).toMatchObject({ status: 200, dropped: false, replayed: true, idempotencyKey: first.idempotencyKey })
      expect(retry.body).toBe(first.body)
      expect(result).toEqual(JSON.parse(first.body))
      expect(result).toMatchObject({ success: true, rewardAmount: 100, walletCreated: true })

      const onChain = await s.runtime.engine.wallets.getBalance({ address: result.walletAddress })
      expect(onChain.balance).toBe('100')

      // What the retry got before keys were honoured: the same event under a new key is a duplicate.
      const direct = createLoyaltyClient({ baseUrl: s.base })
      const again = await direct.events.track(params, { idempotencyKey: randomUUID() }).catch((e: unknown) => e)
      expect(again).toBeInstanceOf(ConflictError)
      expect((again as ConflictError).code).toBe('DUPLICATE_EVENT')
    } finally {
      await proxy.close()
    }
  })
})
