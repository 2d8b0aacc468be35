// Issue 13, point 2: the proofs of a purchase (GET /loyalty-api/payments/:sessionId) and of a perk
// claim (GET /loyalty-api/redemptions/:redemptionId, by `<collectionId>:<tokenId>` or confirmation
// code): masked without the brand's key, unmasked with it, 404s, no explorer link when none is
// configured, and every on-chain fact equal to the chain's receipt.
import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { getPaymentProofResponseSchema, getRedemptionProofResponseSchema } from '@loyaltykit/engine/schemas'
import { type Address, decodeEventLog, type Hash, parseEventLogs, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { custodialFlows } from './helpers/custodial-flows'
import { WEI } from './helpers/custodial-user'
import { postJson } from './helpers/post-json'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://cafe.example.com'

describe.each(testDialects)('proofs of payments and redemptions on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: Address
  let apiKey: string
  let otherBrandKey: string

  const get = (path: string, key?: string) =>
    fetch(`${s.base}${path}`, key ? { headers: { authorization: `Bearer ${key}` } } : {})
  const receiptOf = (hash: string) => {
    const chain = s.runtime.chain
    if (!chain) throw new Error('no chain')
    return chain.publicClient.getTransactionReceipt({ hash: hash as Hash })
  }
  const tokenLog = async (txHash: string, logIndex: number | null) => {
    const receipt = await receiptOf(txHash)
    const log = receipt.logs.find((l) => l.logIndex === logIndex)
    expect(log?.address.toLowerCase()).toBe(s.runtime.chain?.contracts.pointsToken.toLowerCase())
    const decoded = decodeEventLog({
      abi: pointsTokenAbi,
      eventName: 'Transfer',
      data: log?.data,
      topics: log?.topics ?? [],
    })
    return { receipt, transfer: decoded.args }
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_TRUST_PROXY: 'true', LOYALTYKIT_MINT_WAIT_MS: '20000' })
    const brand = await s.runtime.engine.brands.create({ name: 'Cafe', websites: [SITE] })
    brandId = brand.brand.id as Address
    apiKey = brand.keys.apiKey
    otherBrandKey = (await s.runtime.engine.brands.create({ name: 'Other', websites: ['https://o.example'] })).keys
      .apiKey
  }, 60_000)
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('proves a paid checkout: the purchase entry, masked, its Transfer on chain; unmasked with the key', async () => {
    const created = await (
      await postJson(s.base, '/loyalty-api/create-checkout', {
        brandId,
        amount: 1250,
        userEmail: 'Dana@Example.com',
        successUrl: `${SITE}/thanks`,
        cancelUrl: `${SITE}/cart`,
      })
    ).json()
    const sessionId = created.sessionId as string
    // Not paid yet: nothing was minted, no proof.
    const unpaid = await get(`/loyalty-api/payments/${sessionId}`)
    expect(unpaid.status).toBe(404)
    expect(await unpaid.json()).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND', details: { sessionId } })

    const pay = await fetch(`${s.base}/loyalty-api/dev-checkout/${sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(pay.status).toBe(303)
    const res = await get(`/loyalty-api/payments/${sessionId}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
    const proof = getPaymentProofResponseSchema.parse(await res.json())
    expect(proof).toMatchObject({
      payment: {
        sessionId,
        brandId,
        provider: 'local',
        usdAmount: 12.5,
        tokenAmount: 12_500,
        userEmail: 'd***@example.com',
        paymentIntentId: null,
      },
      status: 'confirmed',
      walletAddress: created.walletAddress,
      amount: 12_500,
      amountWei: (12_500n * WEI).toString(),
      explorerUrl: null,
      masked: true,
    })
    const { receipt, transfer } = await tokenLog(proof.transactionHash as string, proof.logIndex)
    expect(Number(receipt.blockNumber)).toBe(proof.blockNumber)
    expect(transfer).toMatchObject({ from: zeroAddress, value: 12_500n * WEI })
    expect(transfer.to.toLowerCase()).toBe(proof.walletAddress)
    const batches = parseEventLogs({ abi: pointsTokenAbi, eventName: 'BatchMinted', logs: receipt.logs })
    expect(batches.map((b) => b.args.batchId)).toEqual([proof.batchId])

    const unmasked = await (await get(`/loyalty-api/payments/${sessionId}`, apiKey)).json()
    expect(unmasked.payment).toMatchObject({
      userEmail: 'dana@example.com',
      paymentIntentId: expect.stringMatching(/^pi_local_/),
    })
    expect(unmasked.masked).toBe(false)
    expect((await get(`/loyalty-api/payments/${sessionId}`, otherBrandKey)).status).toBe(403)
    const unknown = await get('/loyalty-api/payments/cs_local_nope')
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('cache-control')).toBe('no-store')
  })

  it('proves a perk claim by <collectionId>:<tokenId> and by confirmation code: price, PerkClaimed, Transfer', async () => {
    const flows = custodialFlows(s, { origin: SITE, brandId })
    const call = await flows.claimPerk()
    const [claimed] = parseEventLogs({ abi: perkCollectionAbi, eventName: 'PerkClaimed', logs: call.receipt.logs })
    if (!claimed) throw new Error('no PerkClaimed log')
    const id = `${claimed.args.collectionId}:${claimed.args.tokenId}`

    const res = await get(`/loyalty-api/redemptions/${id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
    const proof = getRedemptionProofResponseSchema.parse(await res.json())
    expect(proof).toMatchObject({
      redemption: {
        id,
        collectionId: String(claimed.args.collectionId),
        tokenId: String(claimed.args.tokenId),
        perkId: call.perk.id,
        perkName: 'Coffee',
        brandId,
        price: 15,
        claimLogIndex: claimed.logIndex,
        channel: 'relay',
        confirmationCode: null,
        userKey: null,
      },
      status: 'confirmed',
      walletAddress: call.user.walletAddress.toLowerCase(),
      amount: -15,
      amountWei: (-15n * WEI).toString(),
      batchId: null,
      transactionHash: call.result.transactionHash,
      masked: true,
    })
    expect(proof.redemption.userEmail).toMatch(/^u\*\*\*@example\.com$/)
    const { receipt, transfer } = await tokenLog(proof.transactionHash as string, proof.logIndex)
    expect(Number(receipt.blockNumber)).toBe(proof.blockNumber)
    expect({ from: transfer.from.toLowerCase(), to: transfer.to.toLowerCase(), value: transfer.value }).toEqual({
      from: proof.walletAddress,
      to: brandId,
      value: 15n * WEI,
    })

    // A confirmation code (what the agent API and site redemptions hand users) finds the same claim.
    const code = `LK-${String(claimed.args.tokenId).padStart(4, '0')}-PROOF`
    const recorded = await s.runtime.storage.redemptionCodes.record({
      code,
      collectionId: String(claimed.args.collectionId),
      tokenId: String(claimed.args.tokenId),
      createdAt: Date.now(),
    })
    expect(recorded).toBe(true)
    const byCode = await (await get(`/loyalty-api/redemptions/${code}`)).json()
    expect(byCode).toEqual(proof)
    const unmasked = await (await get(`/loyalty-api/redemptions/${code}`, apiKey)).json()
    expect(unmasked.redemption).toMatchObject({
      confirmationCode: code,
      userKey: expect.stringMatching(/^email:u[0-9a-f]+@example\.com$/),
      userEmail: expect.stringMatching(/^u[0-9a-f]+@example\.com$/),
    })
    expect(unmasked.masked).toBe(false)
    expect((await get(`/loyalty-api/redemptions/${id}`, otherBrandKey)).status).toBe(403)

    for (const missing of ['999999:1', 'LK-NOPE']) {
      const res404 = await get(`/loyalty-api/redemptions/${missing}`)
      expect(res404.status).toBe(404)
      expect(await res404.json()).toMatchObject({ code: 'REDEMPTION_NOT_FOUND', details: { redemptionId: missing } })
    }
  })
})
