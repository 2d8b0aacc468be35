import { businessEscrowAbi, perkCollectionAbi, pointsSaleAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData, parseEventLogs } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedChain } from '../src/chain/start-embedded-chain'
import { custodialFlows } from './helpers/custodial-flows'
import { WEI } from './helpers/custodial-user'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://cafe.example.com'

// Issue 13, point 7: the four approved calls of the relayer, each for a custodial user of the local
// identity provider, end to end over HTTP: dev login → the user wallet API signs the permit → POST
// /relay → the receipt, the balances and the contracts' state on chain. Then the permits the wallet
// API refuses (docs/identity.md#what-the-wallet-api-signs-and-why-threat-model).
describe.each(testDialects)('custodial users relay the four approved calls over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let chain: EmbeddedChain
  let brandId: Address
  let flows: ReturnType<typeof custodialFlows>
  let client: ReturnType<typeof custodialFlows>['client']

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_TRUST_PROXY: 'true', LOYALTYKIT_MINT_WAIT_MS: '20000' })
    chain = s.runtime.chain as EmbeddedChain
    const created = await s.runtime.engine.brands.create({ name: 'Cafe', websites: [SITE] })
    brandId = created.brand.id as Address
    flows = custodialFlows(s, { origin: SITE, brandId })
    client = flows.client
  }, 60_000)
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('(a) claimFor: claims a perk paid in points, with a permit to the perk collection', async () => {
    const { user, perk, receipt } = await flows.claimPerk()
    const [claimed] = parseEventLogs({ abi: perkCollectionAbi, eventName: 'PerkClaimed', logs: receipt.logs })
    expect(claimed?.args).toMatchObject({ collectionId: BigInt(perk.collectionId) })
    const owner = await chain.publicClient.readContract({
      address: chain.contracts.perkCollection,
      abi: perkCollectionAbi,
      functionName: 'ownerOf',
      args: [claimed?.args.tokenId as bigint],
    })
    expect(owner.toLowerCase()).toBe(user.walletAddress)
    expect(await client.balance(user.walletAddress)).toBe(25n * WEI)
    expect(await client.balance(brandId)).toBe(15n * WEI)
    expect(await client.allowance(user.walletAddress, chain.contracts.perkCollection)).toBe(0n)
  })

  it('(b) transferFrom: moves points to another user, with a permit to the relayer account', async () => {
    const { user, friend, receipt } = await flows.transferPoints()
    const relayer = chain.relayer.address
    const transfers = parseEventLogs({ abi: pointsTokenAbi, eventName: 'Transfer', logs: receipt.logs })
    expect(transfers.map((t) => [t.args.from.toLowerCase(), t.args.to.toLowerCase(), t.args.value])).toEqual([
      [user.walletAddress, friend.walletAddress, 12n * WEI],
    ])
    expect(await client.balance(user.walletAddress)).toBe(18n * WEI)
    expect(await client.balance(friend.walletAddress)).toBe(12n * WEI)
    // The permit was for exactly the amount: nothing is left standing with the relayer.
    expect(await client.allowance(user.walletAddress, relayer)).toBe(0n)

    // A transfer over what the permit allows fails its simulation: no transaction, no gas.
    const over = await client.signPermit(user, { spender: relayer, value: 1n * WEI })
    const refused = await client.relay(user, {
      to: chain.contracts.pointsToken,
      data: encodeFunctionData({
        abi: pointsTokenAbi,
        functionName: 'transferFrom',
        args: [user.walletAddress, friend.walletAddress, 5n * WEI],
      }),
      metadata: { permit: over },
    })
    expect(refused.status).toBe(500)
    expect(await refused.json()).toMatchObject({
      code: 'TRANSACTION_FAILED',
      details: { stage: 'simulation', reason: expect.stringMatching(/^ERC20InsufficientAllowance/) },
    })
    expect(await client.balance(friend.walletAddress)).toBe(12n * WEI)
  })

  it('(c) purchaseFor: buys an item the listing shows, with a permit to the points sale', async () => {
    const { user, listing, item, sellerBefore, receipt } = await flows.buyItem()
    expect(listing.contract).toBe(chain.contracts.pointsSale.toLowerCase())
    expect(item).toMatchObject({ name: 'Tote bag', seller: brandId, price: '7', stock: '5', sold: '0' })
    const [purchased] = parseEventLogs({ abi: pointsSaleAbi, eventName: 'ItemPurchased', logs: receipt.logs })
    expect(purchased?.args).toMatchObject({ itemId: BigInt(item.itemId), quantity: 2n, totalPrice: 14n * WEI })
    expect(purchased?.args.buyer.toLowerCase()).toBe(user.walletAddress)
    expect(await client.balance(user.walletAddress)).toBe(36n * WEI)
    expect((await client.balance(brandId)) - sellerBefore).toBe(14n * WEI)
    expect(await client.balance(chain.contracts.pointsSale)).toBe(0n)
    const after = await (await client.call('GET', `/points-sale/items?brandId=${brandId}`)).json()
    expect(after.items.find((i: { itemId: number }) => i.itemId === item.itemId)).toMatchObject({
      stock: '3',
      sold: '2',
      available: true,
    })
  })

  it('(d) depositFor: deposits points into the business escrow, with a permit to the escrow', async () => {
    const { user, receipt } = await flows.deposit()
    const escrow = chain.contracts.businessEscrow
    const [deposited] = parseEventLogs({ abi: businessEscrowAbi, eventName: 'Deposited', logs: receipt.logs })
    expect(deposited?.args.amount).toBe(8n * WEI)
    const record = await chain.publicClient.readContract({
      address: escrow,
      abi: businessEscrowAbi,
      functionName: 'escrow',
      args: [deposited?.args.escrowId as bigint],
    })
    expect(record).toMatchObject({ status: 1, amount: 8n * WEI })
    expect(record.payer.toLowerCase()).toBe(user.walletAddress)
    expect(record.business.toLowerCase()).toBe(brandId)
    expect(await client.balance(user.walletAddress)).toBe(12n * WEI)
    expect(await client.balance(escrow)).toBe(8n * WEI)
  })

  it('refuses permits to unapproved spenders, over the balance, expired or too long, and a mismatched pairing', async () => {
    const user = await client.login()
    await client.fund(user, 10)
    const now = Math.floor(Date.now() / 1000)
    const relayer = chain.relayer.address
    const cases: Array<[string, RegExp, Parameters<typeof client.requestPermit>[1]]> = [
      ['a stranger as spender', /spender/, { spender: `0x${'ab'.repeat(20)}`, value: WEI }],
      ['the minter as spender', /spender/, { spender: chain.minter.address, value: WEI }],
      ['the brand as spender', /spender/, { spender: brandId, value: WEI }],
      ['the token as spender', /spender/, { spender: chain.contracts.pointsToken, value: WEI }],
      ['more than the balance (relayer)', /balance/, { spender: relayer, value: 10n * WEI + 1n }],
      ['more than the balance (escrow)', /balance/, { spender: chain.contracts.businessEscrow, value: 11n * WEI }],
      ['an expired deadline', /deadline/, { spender: relayer, value: WEI, deadline: now - 1 }],
      ['a deadline over 24 h ahead', /deadline/, { spender: relayer, value: WEI, deadline: now + 86_400 + 120 }],
    ]
    for (const [what, reason, terms] of cases) {
      const res = await client.requestPermit(user, terms)
      expect(res.status, what).toBe(403)
      const body = await res.json()
      expect(body, what).toMatchObject({ code: 'TYPED_DATA_NOT_ALLOWED', details: { reason } })
    }
    if (chain.minter.address.toLowerCase() === relayer.toLowerCase()) throw new Error('minter and relayer must differ')

    // A permit to the relayer cannot pay for a perk claim: the relayer wants the collection as spender.
    const free = await s.runtime.engine.perks.create({ brandId, name: 'Sticker', price: 0 })
    const toRelayer = await client.signPermit(user, { spender: relayer, value: WEI })
    const mismatched = await client.relay(user, {
      to: chain.contracts.perkCollection,
      data: encodeFunctionData({
        abi: perkCollectionAbi,
        functionName: 'claimFor',
        args: [user.walletAddress, BigInt(free.collectionId)],
      }),
      metadata: { permit: toRelayer },
    })
    expect(mismatched.status).toBe(403)
    expect(await mismatched.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: 'PERMIT_SPENDER_NOT_ALLOWED', allowed: [chain.contracts.perkCollection.toLowerCase()] },
    })

    // A permit signed with a short deadline and relayed after it: refused before any transaction.
    const short = await client.signPermit(user, {
      spender: chain.contracts.businessEscrow,
      value: WEI,
      deadline: Math.floor(Date.now() / 1000) + 2,
    })
    while (Math.floor(Date.now() / 1000) <= Number(short.deadline)) await new Promise((r) => setTimeout(r, 200))
    const expired = await client.relay(user, {
      to: chain.contracts.businessEscrow,
      data: encodeFunctionData({
        abi: businessEscrowAbi,
        functionName: 'depositFor',
        args: [user.walletAddress, brandId, WEI],
      }),
      metadata: { permit: short },
    })
    expect(expired.status).toBe(403)
    expect(await expired.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason: 'PERMIT_EXPIRED' } })
    expect(await client.balance(user.walletAddress)).toBe(10n * WEI)
    expect(await client.allowance(user.walletAddress, relayer)).toBe(0n)
  })
})
