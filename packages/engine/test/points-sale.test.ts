import { randomBytes } from 'node:crypto'
import { pointsSaleAbi } from '@loyaltykit/contracts'
import type { EngineContext, PointsSaleItemRecord } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Address, createWalletClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { addPointsSaleItem } from '../src/points-sale/add-points-sale-item'
import { listPointsSaleItems } from '../src/points-sale/list-points-sale-items'
import { type MintingTestChain, startMintingTestChain } from './minting-test-chain'
import { type FreshDatabase, testDatabases } from './support/test-databases'

const WEI = 10n ** 18n
const address = () => `0x${randomBytes(20).toString('hex')}`

describe.each(testDatabases())('points sale (engine) on $dialect', (db) => {
  let database: FreshDatabase
  let t: MintingTestChain
  let ctx: EngineContext
  let cafe: string
  let shop: string

  beforeAll(async () => {
    database = await db.create()
    t = await startMintingTestChain()
    ctx = createTestContext(database.storage, { chain: t.chain })
    cafe = (await createBrand(ctx, { name: 'Cafe', websites: [] })).brand.id
    shop = (await createBrand(ctx, { name: 'Shop', websites: [] })).brand.id
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await database?.destroy()
  })

  it('stores item records per sale contract; a duplicate (contract, item id) throws', async () => {
    const contract = address()
    const record = (itemId: number, over: Partial<PointsSaleItemRecord> = {}): PointsSaleItemRecord => ({
      contract,
      itemId,
      brandId: cafe,
      name: `Item ${itemId}`,
      description: null,
      category: 'merch',
      transactionHash: `0x${randomBytes(32).toString('hex')}`,
      blockNumber: 7,
      createdAt: 1_750_000_000_000,
      ...over,
    })
    const a = record(1)
    const b = record(2, { description: 'Blue' })
    await database.storage.pointsSale.create(a)
    await database.storage.pointsSale.create(b)
    // Another sale contract (a redeployment) has its own item 1.
    await database.storage.pointsSale.create(record(1, { contract: address(), name: 'Elsewhere' }))
    const found = await database.storage.pointsSale.listByItemIds({ contract, itemIds: [2, 1, 3] })
    expect(found.sort((x, y) => x.itemId - y.itemId)).toEqual([a, b])
    expect(await database.storage.pointsSale.listByItemIds({ contract, itemIds: [] })).toEqual([])
    await expect(database.storage.pointsSale.create(record(1, { name: 'again' }))).rejects.toThrow()
  })

  it('lists items on chain with their names, reads them back live, pages and filters them', async () => {
    const tote = await addPointsSaleItem(ctx, {
      brandId: cafe,
      name: 'Tote bag',
      price: 7,
      stock: 5,
      category: 'merch',
    })
    expect(tote).toMatchObject({ brandId: cafe, name: 'Tote bag', price: '7', stock: '5', active: true })
    expect(tote.contract).toBe(t.chain.contracts.pointsSale.toLowerCase())
    const onChain = await t.publicClient.readContract({
      address: t.chain.contracts.pointsSale,
      abi: pointsSaleAbi,
      functionName: 'item',
      args: [BigInt(tote.itemId)],
    })
    expect(onChain).toMatchObject({ active: true, price: 7n * WEI, stock: 5n, sold: 0n })
    expect(onChain.seller.toLowerCase()).toBe(cafe)
    const hidden = await addPointsSaleItem(ctx, { brandId: shop, name: 'Mug', price: 3, stock: 2, active: false })
    const soldOut = await addPointsSaleItem(ctx, { brandId: shop, name: 'Poster', price: 0, stock: 0 })
    // An item listed on the contract without loyaltykit: on the list, with no name.
    const wallet = createWalletClient({ account: t.chain.relayer, transport: t.chain.transport })
    const hash = await wallet.writeContract({
      chain: null,
      address: t.chain.contracts.pointsSale,
      abi: pointsSaleAbi,
      functionName: 'listItem',
      args: [shop as Address, WEI / 2n, 10n, true],
      gas: 200_000n,
    })
    await t.publicClient.waitForTransactionReceipt({ hash })

    const all = await listPointsSaleItems(ctx)
    expect(all).toMatchObject({
      success: true,
      contract: t.chain.contracts.pointsSale.toLowerCase(),
      token: t.chain.contracts.pointsToken.toLowerCase(),
      chainId: 31337,
      total: 4,
      limit: 50,
      offset: 0,
      hasMore: false,
    })
    expect(all.items).toEqual([
      {
        itemId: tote.itemId,
        name: 'Tote bag',
        description: null,
        category: 'merch',
        seller: cafe,
        price: '7',
        priceWei: (7n * WEI).toString(),
        stock: '5',
        sold: '0',
        active: true,
        available: true,
      },
      expect.objectContaining({ itemId: hidden.itemId, name: 'Mug', active: false, available: false }),
      expect.objectContaining({ itemId: soldOut.itemId, name: 'Poster', price: '0', stock: '0', available: false }),
      expect.objectContaining({ itemId: 4, name: null, seller: shop, price: '0.5', priceWei: (WEI / 2n).toString() }),
    ])

    const page = await listPointsSaleItems(ctx, { limit: '2', offset: '1' })
    expect(page.items.map((i) => i.itemId)).toEqual([hidden.itemId, soldOut.itemId])
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 1, hasMore: true })
    const ofShop = await listPointsSaleItems(ctx, { brandId: shop })
    expect(ofShop.items.map((i) => i.itemId)).toEqual([hidden.itemId, soldOut.itemId, 4])
    const buyable = await listPointsSaleItems(ctx, { available: 'true' })
    expect(buyable.items.map((i) => i.itemId)).toEqual([tote.itemId, 4])
    const notBuyable = await listPointsSaleItems(ctx, { brandId: shop, available: false, limit: 1 })
    expect(notBuyable).toMatchObject({ total: 2, hasMore: true })
    expect(notBuyable.items.map((i) => i.itemId)).toEqual([hidden.itemId])
  })

  it('refuses bad input, an unknown brand and a missing chain', async () => {
    await expect(listPointsSaleItems(ctx, { limit: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    await expect(listPointsSaleItems(ctx, { brandId: 'not-an-address' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    await expect(addPointsSaleItem(ctx, { brandId: cafe, name: ' ', price: 1, stock: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    await expect(addPointsSaleItem(ctx, { brandId: cafe, name: 'x', price: 1.5, stock: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    await expect(addPointsSaleItem(ctx, { brandId: address(), name: 'x', price: 1, stock: 1 })).rejects.toMatchObject({
      code: 'BRAND_NOT_FOUND',
    })
    const offline = createTestContext(database.storage)
    await expect(listPointsSaleItems(offline)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' })
    await expect(addPointsSaleItem(offline, { brandId: cafe, name: 'x', price: 1, stock: 1 })).rejects.toMatchObject({
      code: 'CHAIN_UNAVAILABLE',
    })
  })
})
