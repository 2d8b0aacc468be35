import { perkCollectionAbi } from '@loyaltykit/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Login, useRelayHttpWorld } from './helpers/relay-http-world'
import { testDialects } from './helpers/test-databases'

/** Users who claim the free perk before the tests, so that its holders span more than a page. */
const FREE_CLAIMS = 16

describe.each(testDialects)('perk charges over HTTP on $dialect', ({ create }) => {
  // The 'Coffee' perk (3 charges) is free here: the claim with a permit is relay-http.test.ts's.
  const w = useRelayHttpWorld(create, { coffeePrice: 0 })
  const { call, login, claimData, relay, claimFree, read, signed, perkCall } = w

  let claimer: Login
  let claimedTokenId: bigint

  beforeAll(async () => {
    claimer = await login()
    const claim = await relay(claimer, {
      to: w.chain.contracts.perkCollection,
      data: claimData(claimer.walletAddress, w.perkId),
    })
    if (claim.status !== 200) throw new Error(`claim failed: ${claim.status} ${await claim.text()}`)
    claimedTokenId = await read<bigint>(w.chain.contracts.perkCollection, perkCollectionAbi, 'tokenCount', [])
    const users = await Promise.all(Array.from({ length: FREE_CLAIMS }, () => login()))
    for (const res of await Promise.all(users.map((u) => claimFree(u)))) {
      if (res.status !== 200) throw new Error(`free claim failed: ${res.status} ${await res.text()}`)
    }
  }, 60_000)

  it('redeems, reports and lists perk charges for HMAC-signed brand requests (SDK signatures)', async () => {
    const tokenId = claimedTokenId.toString()
    const status = await perkCall('GET', `/check-perk-status?collectionId=${w.perkId}&tokenId=${tokenId}`)
    expect(status.status).toBe(200)
    expect(await status.json()).toMatchObject({
      success: true,
      collectionId: String(w.perkId),
      tokenId,
      owner: claimer.walletAddress,
      chargesRemaining: 3,
      chargesTotal: 3,
      status: 'active',
      claimedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })

    const redeemed = await perkCall('POST', '/redeem-perk', { collectionId: w.perkId, tokenId, charges: 2 })
    expect(redeemed.status).toBe(200)
    const r = await redeemed.json()
    expect(r).toMatchObject({
      success: true,
      chargesUsed: 2,
      chargesRemaining: 1,
      chargesTotal: 3,
      owner: claimer.walletAddress,
    })
    expect((await w.chain.publicClient.getTransactionReceipt({ hash: r.transactionHash })).status).toBe('success')

    const tooMany = await perkCall('POST', '/redeem-perk', { collectionId: w.perkId, tokenId, charges: 2 })
    expect(tooMany.status).toBe(409)
    expect(await tooMany.json()).toMatchObject({ code: 'INSUFFICIENT_CHARGES', details: { chargesRemaining: 1 } })
    expect((await perkCall('POST', '/redeem-perk', { collectionId: w.perkId, tokenId })).status).toBe(200)
    const none = await perkCall('POST', '/redeem-perk', { collectionId: w.perkId, tokenId })
    expect(none.status).toBe(409)
    expect(await none.json()).toMatchObject({
      error: expect.stringMatching(/no charges left/i),
      code: 'NO_CHARGES_LEFT',
    })

    const holders = await perkCall('GET', `/list-perk-holders?collectionId=${w.perkId}`)
    expect(holders.status).toBe(200)
    expect(await holders.json()).toMatchObject({
      success: true,
      collectionId: String(w.perkId),
      name: 'Coffee',
      total: 1,
      hasMore: false,
      holders: [{ tokenId, owner: claimer.walletAddress, chargesRemaining: 0, chargesTotal: 3, status: 'depleted' }],
    })
    const page = await (
      await perkCall('GET', `/list-perk-holders?collectionId=${w.freePerkId}&limit=10&offset=5`)
    ).json()
    expect(page.holders).toHaveLength(10)
    expect(page.total).toBe(FREE_CLAIMS)
    expect(page.hasMore).toBe(true)

    // Another brand's signature for this brand's perk: refused clearly.
    const foreign = await perkCall('POST', '/redeem-perk', { collectionId: w.perkId, tokenId }, w.otherBrand)
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).code).toBe('PERK_NOT_OWNED')
    const unknownToken = await perkCall('GET', `/check-perk-status?collectionId=${w.perkId}&tokenId=999999`)
    expect(unknownToken.status).toBe(404)
    expect((await unknownToken.json()).code).toBe('TOKEN_NOT_FOUND')
  })

  it('refuses missing, stale, wrong and replayed perk-charge signatures with 401', async () => {
    const path = `/check-perk-status?collectionId=${w.perkId}&tokenId=${claimedTokenId}&nonce=replay-test`
    const missing = await call('GET', path)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ code: 'UNAUTHORIZED', details: { reason: 'MISSING_SIGNATURE' } })

    const stale = await signed('GET', path, undefined, w.brand, Math.floor(Date.now() / 1000) - 301)
    const staleRes = await call('GET', path, { headers: stale.headers })
    expect(staleRes.status).toBe(401)
    expect((await staleRes.json()).details.reason).toBe('STALE_TIMESTAMP')

    const wrongKey = await signed('GET', path, undefined, { id: w.brand.id, securityKey: w.otherBrand.securityKey })
    const wrongRes = await call('GET', path, { headers: wrongKey.headers })
    expect(wrongRes.status).toBe(401)
    expect((await wrongRes.json()).details.reason).toBe('BAD_SIGNATURE')

    // A signed body cannot be swapped: the signature covers the raw bytes.
    const body = { collectionId: w.freePerkId, tokenId: '1' }
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
})
