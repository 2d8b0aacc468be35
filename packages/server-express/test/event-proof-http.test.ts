// Issue 13, point 2: GET /loyalty-api/events/:eventId, the proof of issuance of an event's reward
// (docs/api/event-proof.md): masked without the brand's key, unmasked with it, 401/403 for other
// keys, 404 in the event-handler shape, pending (no-store) then confirmed (cacheable), the explorer
// link, and every on-chain fact equal to what the chain's receipt says.
import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { Minter } from '@loyaltykit/engine'
import { getEventProofResponseSchema } from '@loyaltykit/engine/schemas'
import { decodeEventLog, type Hash, parseEventLogs, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from './helpers/post-json'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://proof.example.com'
const EXPLORER = 'https://explorer.example/'
const WEI = 10n ** 18n

describe.each(testDialects)('GET /loyalty-api/events/:eventId (proof of issuance) on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let keys: { apiKey: string; dnsKey: string }
  let otherBrandKey: string
  let restartedMinter: Minter | undefined

  const proofOf = (eventId: string, headers: Record<string, string> = {}) =>
    fetch(`${s.base}/loyalty-api/events/${encodeURIComponent(eventId)}`, { headers })
  const track = async (body: Record<string, unknown>) => {
    const res = await postJson(s.base, '/loyalty-api/manual-event', { brandId, domain: 'proof.example.com', ...body })
    const json = await res.json()
    expect(res.status, JSON.stringify(json)).toBe(200)
    return json as { eventId: string; walletAddress: string; transactionHash: string; status: string }
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000', LOYALTYKIT_EXPLORER_URL: EXPLORER })
    const brand = await s.runtime.engine.brands.create({ name: 'Proof shop', websites: [SITE] })
    brandId = brand.brand.id
    keys = brand.keys
    otherBrandKey = (await s.runtime.engine.brands.create({ name: 'Other', websites: ['https://other.example'] })).keys
      .apiKey
    await s.runtime.engine.rules.set({
      brandId,
      eventType: 'proof_bonus',
      custom: true,
      rewardAmount: 42,
      maxClaims: 5,
      cooldownHours: 0,
      maxTotalClaims: 1000,
    })
  }, 60_000)
  afterAll(async () => {
    await restartedMinter?.stop()
    await s?.close()
    await db?.drop()
  })

  it('answers a confirmed reward masked, with the rule as judged and the facts the chain shows', async () => {
    const tracked = await track({
      eventType: 'custom_proof_bonus',
      userEmail: 'Ann.Lee@Example.com',
      metadata: { orderId: 'A-1', note: 'ann lee, 12 main st' },
    })
    expect(tracked.status).toBe('confirmed')
    // The rule changes after the judgement: the proof keeps the rule as it was.
    await s.runtime.engine.rules.set({ brandId, eventType: 'proof_bonus', custom: true, rewardAmount: 99 })

    const res = await proofOf(tracked.eventId)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
    expect(res.headers.get('vary')).toMatch(/authorization/i)
    const proof = getEventProofResponseSchema.parse(await res.json())
    expect(proof).toMatchObject({
      event: {
        id: tracked.eventId,
        eventType: 'custom_proof_bonus',
        brandId,
        rewardAmount: 42,
        userEmail: 'a***@example.com',
        domain: 'proof.example.com',
        metadata: null,
      },
      rule: {
        eventId: 'custom_proof_bonus',
        eventType: 'custom_proof_bonus',
        rewardAmount: 42,
        maxClaims: 5,
        cooldownHours: 0,
        maxTotalClaims: 1000,
      },
      status: 'confirmed',
      walletAddress: tracked.walletAddress,
      amount: 42,
      amountWei: (42n * WEI).toString(),
      transactionHash: tracked.transactionHash,
      explorerUrl: `https://explorer.example/tx/${tracked.transactionHash}`,
      masked: true,
    })
    expect(JSON.stringify(proof)).not.toMatch(/ann\.lee|12 main st|A-1/i)

    // Every on-chain fact is the chain's: block, the Transfer at logIndex, the batch id, chain and token.
    const chain = s.runtime.chain
    if (!chain) throw new Error('no chain')
    expect(proof.chainId).toBe(await chain.publicClient.getChainId())
    expect(proof.tokenAddress).toBe(chain.contracts.pointsToken.toLowerCase())
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: proof.transactionHash as Hash })
    expect(Number(receipt.blockNumber)).toBe(proof.blockNumber)
    const log = receipt.logs.find((l) => l.logIndex === proof.logIndex)
    expect(log?.address.toLowerCase()).toBe(proof.tokenAddress)
    const transfer = decodeEventLog({ abi: pointsTokenAbi, data: log?.data, topics: log?.topics ?? [] })
    expect(transfer.eventName).toBe('Transfer')
    expect(transfer.args).toEqual({ from: zeroAddress, to: expect.any(String), value: 42n * WEI })
    expect((transfer.args as { to: string }).to.toLowerCase()).toBe(proof.walletAddress)
    const batches = parseEventLogs({ abi: pointsTokenAbi, eventName: 'BatchMinted', logs: receipt.logs })
    expect(batches.map((b) => b.args.batchId)).toEqual([proof.batchId])
    expect(Date.parse(proof.confirmedAt as string)).toBeGreaterThanOrEqual(Date.parse(proof.event.createdAt))
    await s.runtime.engine.rules.set({ brandId, eventType: 'proof_bonus', custom: true, rewardAmount: 42 })
  })

  it("unmasks for the brand's API key only: 401 for a key without the events scope, 403 for another brand's", async () => {
    const tracked = await track({ eventType: 'custom_proof_bonus', userEmail: 'bo@example.com', metadata: { a: 1 } })
    const unmasked = await proofOf(tracked.eventId, { authorization: `Bearer ${keys.apiKey}` })
    expect(unmasked.status).toBe(200)
    expect(unmasked.headers.get('cache-control')).toBe('private, max-age=86400, immutable')
    expect(await unmasked.json()).toMatchObject({
      event: { userEmail: 'bo@example.com', metadata: { a: 1 } },
      masked: false,
    })

    // The public DNS key is the brand's but may not read personal data.
    const dns = await proofOf(tracked.eventId, { authorization: `Bearer ${keys.dnsKey}` })
    expect(dns.status).toBe(401)
    expect(await dns.json()).toMatchObject({ success: false, code: 'INVALID_API_KEY' })
    const other = await proofOf(tracked.eventId, { authorization: `Bearer ${otherBrandKey}` })
    expect(other.status).toBe(403)
    expect(await other.json()).toMatchObject({ success: false, code: 'API_KEY_BRAND_MISMATCH' })
    expect(other.headers.get('cache-control')).toBe('no-store')
  })

  it('answers an event of reward 0 as confirmed with nothing on chain: no transaction, no rule snapshot', async () => {
    await s.runtime.engine.rules.set({ brandId, eventType: 'proof_zero', custom: true, rewardAmount: 0 })
    const tracked = await track({ eventType: 'custom_proof_zero', userEmail: 'zed@example.com' })
    const res = await proofOf(tracked.eventId)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      event: { id: tracked.eventId, rewardAmount: 0 },
      rule: null,
      status: 'confirmed',
      walletAddress: tracked.walletAddress,
      amount: 0,
      amountWei: '0',
      batchId: null,
      transactionHash: null,
      blockNumber: null,
      logIndex: null,
      explorerUrl: null,
    })
  })

  it('answers 404 EVENT_NOT_FOUND in the event-handler error shape, not cached', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await proofOf(id)
      expect(res.status).toBe(404)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.json()).toEqual({
        success: false,
        error: 'Event not found',
        message: 'Event not found',
        code: 'EVENT_NOT_FOUND',
        details: { eventId: id },
        requestId: expect.any(String),
      })
    }
  })

  it('answers pending (no-store, no transaction) while the mint waits, then confirmed once minted', async () => {
    await s.minter?.stop()
    const accepted = await s.runtime.engine.events.process(
      { brandId, eventType: 'custom_proof_bonus', userEmail: 'cy@example.com', domain: 'proof.example.com' },
      { mintWaitMs: 0 },
    )
    expect(accepted.status).toBe('pending')
    const pending = await proofOf(accepted.eventId)
    expect(pending.status).toBe(200)
    expect(pending.headers.get('cache-control')).toBe('no-store')
    expect(await pending.json()).toMatchObject({
      status: 'pending',
      walletAddress: accepted.walletAddress,
      amount: 42,
      batchId: null,
      transactionHash: null,
      blockNumber: null,
      logIndex: null,
      explorerUrl: null,
      confirmedAt: null,
    })

    restartedMinter = s.runtime.engine.mint.createMinter({ batchWindowMs: 5 })
    restartedMinter.start()
    let body: Record<string, unknown> = {}
    for (let i = 0; i < 200 && body.status !== 'confirmed'; i++) {
      await new Promise((r) => setTimeout(r, 50))
      const res = await proofOf(accepted.eventId)
      body = await res.json()
      if (body.status === 'confirmed') expect(res.headers.get('cache-control')).toContain('immutable')
    }
    expect(body).toMatchObject({
      status: 'confirmed',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      logIndex: expect.any(Number),
    })
  })
})
