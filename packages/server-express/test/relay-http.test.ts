import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { perkCollectionAbi, pointsSaleAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { createLocalTokenIssuer } from '@loyaltykit/engine'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The SDK's signing is the client side of the perk-charge HMAC scheme: the server must accept it.
import { signRequest } from '../../sdk/src/signing/sign-request'
import type { EmbeddedChain } from '../src/chain/start-embedded-chain'
import { IDENTITY_SIGNING_KEY_FILE } from '../src/identity/identity-signing-key'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://cafe.example.com'
const EXPLORER = 'https://explorer.example'
const WEI = 10n ** 18n

type Login = { accessToken: string; walletAddress: Address; userId: string }

describe.each(testDialects)('relayer and perk charges over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let chain: EmbeddedChain
  let brand: { id: string; securityKey: string }
  let otherBrand: { id: string; securityKey: string }
  let perkId: number
  let freePerkId: number

  /** Every call comes from its own client IP (X-Forwarded-For) unless told, so the per-IP limit stays out of the way. */
  const call = (
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string>; ip?: string } = {},
  ) => {
    const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
    return fetch(`${s.base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': opts.ip ?? `10.${randomBytes(3).join('.')}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
        ...opts.headers,
      },
      ...(body === undefined ? {} : { body }),
    })
  }
  const login = async (email = `u${randomBytes(5).toString('hex')}@example.com`): Promise<Login> =>
    (await call('POST', '/auth/dev-login', { body: { email } })).json()
  const claimData = (user: string, collectionId: number) =>
    encodeFunctionData({
      abi: perkCollectionAbi,
      functionName: 'claimFor',
      args: [user as Address, BigInt(collectionId)],
    })
  const relay = (u: Login, body: Record<string, unknown>, headers: Record<string, string> = { origin: SITE }) =>
    call('POST', '/relay', { token: u.accessToken, body: { userAddress: u.walletAddress, ...body }, headers })
  const claimFree = (u: Login) =>
    relay(u, { to: chain.contracts.perkCollection, data: claimData(u.walletAddress, freePerkId) })
  const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[]) =>
    chain.publicClient.readContract({ address, abi, functionName, args } as never) as Promise<T>

  /** Perk-charge request signed like @loyaltykit/sdk signs it. */
  async function signed(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signer = brand,
    timestamp?: number,
  ): Promise<{ headers: Record<string, string>; raw: string | undefined }> {
    const raw = body === undefined ? undefined : JSON.stringify(body)
    const sig = await signRequest({ secret: signer.securityKey, method, path, body: raw, timestamp })
    return {
      raw,
      headers: {
        'X-LOYALTY-Brand-Id': signer.id,
        'X-LOYALTY-Timestamp': sig.timestamp,
        'X-LOYALTY-Signature': sig.signature,
      },
    }
  }
  /**
   * Identical requests in the same second carry the same signature, which the server refuses as a
   * replay: like a real client, each call adds a unique `nonce` (ignored by the endpoints, signed).
   */
  const perkCall = async (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, signer = brand) => {
    const nonce = randomBytes(8).toString('hex')
    const p = method === 'GET' ? `${path}${path.includes('?') ? '&' : '?'}nonce=${nonce}` : path
    const { headers, raw } = await signed(method, p, method === 'POST' ? { ...body, nonce } : undefined, signer)
    return call(method, p, { headers, ...(raw === undefined ? {} : { raw }) })
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, {
      LOYALTYKIT_TRUST_PROXY: 'true',
      LOYALTYKIT_EXPLORER_URL: EXPLORER,
      LOYALTYKIT_MINT_WAIT_MS: '20000',
    })
    chain = s.runtime.chain as EmbeddedChain
    const engine = s.runtime.engine
    const a = await engine.brands.create({ name: 'Cafe', websites: [SITE] })
    const b = await engine.brands.create({ name: 'Other', websites: ['https://other.example'] })
    brand = { id: a.brand.id, securityKey: a.keys.securityKey }
    otherBrand = { id: b.brand.id, securityKey: b.keys.securityKey }
    perkId = (await engine.perks.create({ brandId: brand.id, name: 'Coffee', price: 10, maxPerUser: 1, charges: 3 }))
      .collectionId
    freePerkId = (await engine.perks.create({ brandId: brand.id, name: 'Sticker', price: 0 })).collectionId
  }, 60_000)
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  let claimer: Login
  let claimedTokenId: bigint

  it('claims a perk for a user with 0 ETH, with a permit signed through the user wallet API', async () => {
    claimer = await login()
    const { jobId } = await s.runtime.engine.mint.enqueue({
      idempotencyKey: `relay-test:${claimer.walletAddress}`,
      to: claimer.walletAddress,
      amount: 25,
      source: 'bonus',
    })
    expect((await s.runtime.engine.mint.wait({ jobId }, { timeoutMs: 30_000 })).status).toBe('confirmed')
    expect(await chain.publicClient.getBalance({ address: claimer.walletAddress })).toBe(0n)

    const token = chain.contracts.pointsToken
    const [, name, version] = await read<readonly [Hex, string, string]>(token, pointsTokenAbi, 'eip712Domain', [])
    const nonce = await read<bigint>(token, pointsTokenAbi, 'nonces', [claimer.walletAddress])
    const typedData = {
      domain: { name, version, chainId: chain.chainId, verifyingContract: token },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: {
        owner: claimer.walletAddress,
        spender: chain.contracts.perkCollection,
        value: (10n * WEI).toString(),
        nonce: nonce.toString(),
        deadline: Math.floor(Date.now() / 1000) + 3600,
      },
    }
    const signRes = await call('POST', '/wallet/sign-typed-data', {
      token: claimer.accessToken,
      body: typedData,
      headers: { origin: SITE },
    })
    expect(signRes.status).toBe(200)
    const { permit } = await signRes.json()

    const res = await relay(claimer, {
      to: chain.contracts.perkCollection,
      data: claimData(claimer.walletAddress, perkId),
      metadata: { action: 'claim_perk', perkId: String(perkId), permit },
      timestamp: Date.now(), // unknown fields are ignored
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(res.headers.get('x-ratelimit-limit')).toBe('35')
    expect(res.headers.get('x-ratelimit-remaining')).toBe('34')
    const result = await res.json()
    expect(result).toMatchObject({
      success: true,
      status: 'confirmed',
      from: chain.relayer.address.toLowerCase(),
      to: chain.contracts.perkCollection.toLowerCase(),
    })
    expect(result.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(result.explorerUrl).toBe(`${EXPLORER}/tx/${result.transactionHash}`)
    expect(BigInt(result.gasUsed)).toBeGreaterThan(21_000n)
    expect(BigInt(result.effectiveGasPrice)).toBeLessThanOrEqual(100_000_000_000n)
    expect(Number.isInteger(result.blockNumber)).toBe(true)

    const receipt = await chain.publicClient.getTransactionReceipt({ hash: result.transactionHash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(chain.relayer.address.toLowerCase())
    expect(await read<bigint>(token, pointsTokenAbi, 'balanceOf', [claimer.walletAddress])).toBe(15n * WEI)
    expect(await read<bigint>(token, pointsTokenAbi, 'balanceOf', [brand.id])).toBe(10n * WEI)
    expect(await chain.publicClient.getBalance({ address: claimer.walletAddress })).toBe(0n)
    claimedTokenId = await read<bigint>(chain.contracts.perkCollection, perkCollectionAbi, 'tokenCount', [])
    const owner = await read<Address>(chain.contracts.perkCollection, perkCollectionAbi, 'ownerOf', [claimedTokenId])
    expect(owner.toLowerCase()).toBe(claimer.walletAddress)
  })

  it('refuses a claim past the collection maximum per user with 409 CLAIM_LIMIT_REACHED', async () => {
    const res = await relay(claimer, {
      to: chain.contracts.perkCollection,
      data: claimData(claimer.walletAddress, perkId),
    })
    expect(res.status).toBe(409)
    const body = await res.json()
    expect(body).toEqual({
      error: expect.stringMatching(/claim limit reached/i),
      code: 'CLAIM_LIMIT_REACHED',
      details: { collectionId: String(perkId), currentClaims: 1, maxPerUser: 1 },
    })
  })

  it('refuses unapproved contracts, unapproved functions, calls for someone else and bad bodies', async () => {
    const u = await login()
    const other = await login()
    const cases: Array<[string, Record<string, unknown>, number, string, Record<string, unknown>]> = [
      [
        'unapproved contract',
        { to: `0x${'12'.repeat(20)}`, data: claimData(u.walletAddress, freePerkId) },
        403,
        'CONTRACT_NOT_WHITELISTED',
        {
          contract: `0x${'12'.repeat(20)}`,
          allowed: expect.arrayContaining([chain.contracts.perkCollection.toLowerCase()]),
        },
      ],
      [
        'approved contract, unapproved function (useCharges)',
        {
          to: chain.contracts.perkCollection,
          data: encodeFunctionData({ abi: perkCollectionAbi, functionName: 'useCharges', args: [1n, 1] }),
        },
        403,
        'VALIDATION_FAILED',
        { reason: 'FUNCTION_NOT_APPROVED', function: 'useCharges', allowed: [expect.stringMatching(/^claimFor/)] },
      ],
      [
        'approved contract, unapproved function (token approve)',
        {
          to: chain.contracts.pointsToken,
          data: encodeFunctionData({ abi: pointsTokenAbi, functionName: 'approve', args: [u.walletAddress, 1n] }),
        },
        403,
        'VALIDATION_FAILED',
        { reason: 'FUNCTION_NOT_APPROVED', function: 'approve' },
      ],
      [
        'claimFor acting for another address',
        { to: chain.contracts.perkCollection, data: claimData(other.walletAddress, freePerkId) },
        403,
        'VALIDATION_FAILED',
        { reason: 'ACTS_FOR_ANOTHER_ADDRESS', actsFor: other.walletAddress, allowed: [u.walletAddress] },
      ],
      [
        'purchaseFor acting for another address',
        {
          to: chain.contracts.pointsSale,
          data: encodeFunctionData({
            abi: pointsSaleAbi,
            functionName: 'purchaseFor',
            args: [other.walletAddress, 1n, 1n],
          }),
        },
        403,
        'VALIDATION_FAILED',
        { reason: 'ACTS_FOR_ANOTHER_ADDRESS' },
      ],
      [
        'userAddress of another wallet',
        {
          to: chain.contracts.perkCollection,
          data: claimData(other.walletAddress, freePerkId),
          userAddress: other.walletAddress,
        },
        403,
        'VALIDATION_FAILED',
        { reason: 'USER_ADDRESS_MISMATCH' },
      ],
      [
        'gas limit over 1,000,000',
        { to: chain.contracts.perkCollection, data: claimData(u.walletAddress, freePerkId), gasLimit: 1_000_001 },
        403,
        'VALIDATION_FAILED',
        { reason: 'GAS_LIMIT_TOO_HIGH' },
      ],
      [
        'missing data',
        { to: chain.contracts.perkCollection },
        400,
        'MISSING_FIELDS',
        { fields: [{ field: 'data', message: 'is required' }] },
      ],
    ]
    for (const [what, body, status, code, details] of cases) {
      const res = await relay(u, body)
      expect(res.status, what).toBe(status)
      const answer = await res.json()
      expect(Object.keys(answer).sort(), what).toEqual(['code', 'details', 'error'])
      expect(answer.code, what).toBe(code)
      expect(answer.details, what).toMatchObject(details)
    }
    // A claim of a collection that does not exist fails its simulation: 500 with the reason, no gas spent.
    const missing = await relay(u, { to: chain.contracts.perkCollection, data: claimData(u.walletAddress, 999_999) })
    expect(missing.status).toBe(500)
    expect(await missing.json()).toEqual({
      error: 'Transaction would fail on chain',
      code: 'TRANSACTION_FAILED',
      details: { stage: 'simulation', reason: 'CollectionNotFound(999999)' },
    })
    // Nothing above reached the chain or the hourly window.
    const window = await s.runtime.storage.rateLimits.peek({
      key: `relay:user:${u.walletAddress}`,
      limit: 35,
      windowMs: 3_600_000,
      now: Date.now(),
    })
    expect(window.count).toBe(0)
  })

  it('refuses missing, expired and foreign tokens with 401 UNAUTHORIZED, and origins it does not serve with 403', async () => {
    const u = await login()
    const privateJwk = JSON.parse(await readFile(join(db.dataDir, IDENTITY_SIGNING_KEY_FILE), 'utf8'))
    const expired = await createLocalTokenIssuer({
      privateJwk,
      ttlSeconds: 60,
      now: () => Math.floor(Date.now() / 1000) - 3600,
    })
    const body = {
      to: chain.contracts.perkCollection,
      data: claimData(u.walletAddress, freePerkId),
      userAddress: u.walletAddress,
    }
    for (const [what, token] of [
      ['missing', undefined],
      ['expired', (await expired.issue({ subject: u.userId })).token],
      ['garbage', 'not.a.token'],
    ] as const) {
      const res = await call('POST', '/relay', { ...(token ? { token } : {}), body, headers: { origin: SITE } })
      expect(res.status, what).toBe(401)
      const answer = await res.json()
      expect(answer.code, what).toBe('UNAUTHORIZED')
      if (what === 'expired') expect(answer.details.reason).toBe('expired')
    }
    const foreign = await call('POST', '/relay', {
      token: u.accessToken,
      body,
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).code).toBe('ORIGIN_NOT_ALLOWED')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()

    const preflight = await call('OPTIONS', '/relay', {
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i)
  })

  it('refuses the 36th relayed transaction of a user in the hour with 429 and X-RateLimit-* headers', async () => {
    // The window is a fixed wall-clock hour: do not start in its last 20 seconds.
    const leftInHour = 3_600_000 - (Date.now() % 3_600_000)
    if (leftInHour < 20_000) await new Promise((r) => setTimeout(r, leftInHour + 50))
    const u = await login()
    for (let i = 1; i <= 35; i++) {
      const res = await claimFree(u)
      expect(res.status, `transaction ${i}`).toBe(200)
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(35 - i))
    }
    const res = await claimFree(u)
    expect(res.status).toBe(429)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { scope: 'user', limit: 35 } })
    expect(res.headers.get('x-ratelimit-limit')).toBe('35')
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0')
    // The fixed hourly window resets on the hour.
    const reset = Number(res.headers.get('x-ratelimit-reset')) * 1000
    expect(reset % 3_600_000).toBe(0)
    expect(reset).toBeGreaterThan(Date.now())
    expect(reset - Date.now()).toBeLessThanOrEqual(3_600_000)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another user is not affected.
    expect((await claimFree(await login())).status).toBe(200)
  }, 60_000)

  it('relays 50 concurrent transactions of 50 users, all confirmed with distinct nonces', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => login()))
    const responses = await Promise.all(users.map((u) => claimFree(u)))
    const bodies = await Promise.all(responses.map((r) => r.json()))
    expect(responses.map((r) => r.status)).toEqual(users.map(() => 200))
    expect(bodies.every((b) => b.status === 'confirmed')).toBe(true)
    const receipts = await Promise.all(
      bodies.map((b) => chain.publicClient.getTransactionReceipt({ hash: b.transactionHash })),
    )
    expect(receipts.every((r) => r.status === 'success')).toBe(true)
    const txs = await Promise.all(bodies.map((b) => chain.publicClient.getTransaction({ hash: b.transactionHash })))
    expect(new Set(txs.map((t) => t.nonce)).size).toBe(50)
    for (const u of users) {
      expect(
        await read<bigint>(chain.contracts.perkCollection, perkCollectionAbi, 'claimsOf', [
          BigInt(freePerkId),
          u.walletAddress,
        ]),
      ).toBe(1n)
    }
  })

  it('redeems, reports and lists perk charges for HMAC-signed brand requests (SDK signatures)', async () => {
    const tokenId = claimedTokenId.toString()
    const status = await perkCall('GET', `/check-perk-status?collectionId=${perkId}&tokenId=${tokenId}`)
    expect(status.status).toBe(200)
    expect(await status.json()).toMatchObject({
      success: true,
      collectionId: String(perkId),
      tokenId,
      owner: claimer.walletAddress,
      chargesRemaining: 3,
      chargesTotal: 3,
      status: 'active',
      claimedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })

    const redeemed = await perkCall('POST', '/redeem-perk', { collectionId: perkId, tokenId, charges: 2 })
    expect(redeemed.status).toBe(200)
    const r = await redeemed.json()
    expect(r).toMatchObject({
      success: true,
      chargesUsed: 2,
      chargesRemaining: 1,
      chargesTotal: 3,
      owner: claimer.walletAddress,
    })
    expect((await chain.publicClient.getTransactionReceipt({ hash: r.transactionHash })).status).toBe('success')

    const tooMany = await perkCall('POST', '/redeem-perk', { collectionId: perkId, tokenId, charges: 2 })
    expect(tooMany.status).toBe(409)
    expect(await tooMany.json()).toMatchObject({ code: 'INSUFFICIENT_CHARGES', details: { chargesRemaining: 1 } })
    expect((await perkCall('POST', '/redeem-perk', { collectionId: perkId, tokenId })).status).toBe(200)
    const none = await perkCall('POST', '/redeem-perk', { collectionId: perkId, tokenId })
    expect(none.status).toBe(409)
    expect(await none.json()).toMatchObject({
      error: expect.stringMatching(/no charges left/i),
      code: 'NO_CHARGES_LEFT',
    })

    const holders = await perkCall('GET', `/list-perk-holders?collectionId=${perkId}`)
    expect(holders.status).toBe(200)
    expect(await holders.json()).toMatchObject({
      success: true,
      collectionId: String(perkId),
      name: 'Coffee',
      total: 1,
      hasMore: false,
      holders: [{ tokenId, owner: claimer.walletAddress, chargesRemaining: 0, chargesTotal: 3, status: 'depleted' }],
    })
    const page = await (await perkCall('GET', `/list-perk-holders?collectionId=${freePerkId}&limit=10&offset=5`)).json()
    expect(page.holders).toHaveLength(10)
    expect(page.total).toBeGreaterThanOrEqual(86)
    expect(page.hasMore).toBe(true)

    // Another brand's signature for this brand's perk: refused clearly.
    const foreign = await perkCall('POST', '/redeem-perk', { collectionId: perkId, tokenId }, otherBrand)
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).code).toBe('PERK_NOT_OWNED')
    const unknownToken = await perkCall('GET', `/check-perk-status?collectionId=${perkId}&tokenId=999999`)
    expect(unknownToken.status).toBe(404)
    expect((await unknownToken.json()).code).toBe('TOKEN_NOT_FOUND')
  })

  it('refuses missing, stale, wrong and replayed perk-charge signatures with 401', async () => {
    const path = `/check-perk-status?collectionId=${perkId}&tokenId=${claimedTokenId}&nonce=replay-test`
    const missing = await call('GET', path)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ code: 'UNAUTHORIZED', details: { reason: 'MISSING_SIGNATURE' } })

    const stale = await signed('GET', path, undefined, brand, Math.floor(Date.now() / 1000) - 301)
    const staleRes = await call('GET', path, { headers: stale.headers })
    expect(staleRes.status).toBe(401)
    expect((await staleRes.json()).details.reason).toBe('STALE_TIMESTAMP')

    const wrongKey = await signed('GET', path, undefined, { id: brand.id, securityKey: otherBrand.securityKey })
    const wrongRes = await call('GET', path, { headers: wrongKey.headers })
    expect(wrongRes.status).toBe(401)
    expect((await wrongRes.json()).details.reason).toBe('BAD_SIGNATURE')

    // A signed body cannot be swapped: the signature covers the raw bytes.
    const body = { collectionId: freePerkId, tokenId: '1' }
    const tampered = await signed('POST', '/redeem-perk', body)
    const tamperedRes = await call('POST', '/redeem-perk', {
      headers: tampered.headers,
      raw: JSON.stringify({ ...body, charges: 1 }),
    })
    expect(tamperedRes.status).toBe(401)

    const once = await signed('GET', path, undefined)
    expect((await call('GET', path, { headers: once.headers })).status).toBe(200)
    const replay = await call('GET', path, { headers: once.headers })
    expect(replay.status).toBe(401)
    expect(await replay.json()).toMatchObject({ code: 'UNAUTHORIZED', details: { reason: 'REPLAYED_SIGNATURE' } })
  })

  it('limits relayer requests to 100 a minute per IP (429 with X-RateLimit-* headers)', async () => {
    const ip = '203.0.113.7'
    // The window is a fixed wall-clock minute: start well inside one, so that the 101 requests share it.
    const leftInMinute = 60_000 - (Date.now() % 60_000)
    if (leftInMinute < 15_000) await new Promise((r) => setTimeout(r, leftInMinute + 50))
    const statuses: number[] = []
    for (let i = 0; i < 100; i++) statuses.push((await call('GET', '/check-perk-status', { ip })).status)
    expect(statuses.every((st) => st === 401)).toBe(true)
    const limited = await call('GET', '/check-perk-status', { ip })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { scope: 'ip', limit: 100 } })
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // Another client is served.
    expect((await call('GET', '/check-perk-status', { ip: '203.0.113.8' })).status).toBe(401)
  }, 30_000)

  it('records the gas spent per user and per brand', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const userGas = await s.runtime.engine.relay.getGasUsage({ subject: 'user', id: claimer.walletAddress, day: today })
    expect(userGas.transactions).toBe(2) // the permit and the claim
    const brandGas = await s.runtime.engine.relay.getGasUsage({ subject: 'brand', id: brand.id })
    expect(brandGas.transactions).toBeGreaterThan(90)
    expect(brandGas.gasUsed).toBeGreaterThan(userGas.gasUsed)
  })
})
