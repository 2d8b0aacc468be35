import { getAddress, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ADMIN_ROLE, OPERATOR_ROLE, pointsSaleAbi, pointsSaleBytecode, RELAYER_ROLE } from '../src/index.js'
import { expectRevert, signPermit } from './edr.js'
import { ONE, TOKEN_NAME } from './fixtures.js'
import { a, chain, suite, useFundedSuite } from './use-test-chain.js'

useFundedSuite()

async function list(opts: { price?: bigint; stock?: bigint; active?: boolean } = {}) {
  const args = [a.brand.address, opts.price ?? 4n * ONE, opts.stock ?? 10n, opts.active ?? true] as const
  const { result } = await suite.sale.simulate.listItem(args, { account: a.operator })
  await chain.mined(suite.sale.write.listItem(args, { account: a.operator }))
  return result
}

describe('PointsSale setup', () => {
  it('stores the points token and admin', async () => {
    const { sale, token } = suite
    expect(await sale.read.points()).toBe(getAddress(token.address))
    expect(await sale.read.hasRole([DEFAULT_ADMIN_ROLE, a.admin.address])).toBe(true)
    expect(await sale.read.OPERATOR_ROLE()).toBe(OPERATOR_ROLE)
    expect(await sale.read.RELAYER_ROLE()).toBe(RELAYER_ROLE)
  })

  it('constructor rejects zero addresses', async () => {
    for (const args of [
      [zeroAddress, a.admin.address],
      [suite.token.address, zeroAddress],
    ] as const) {
      await expectRevert(chain.deploy({ abi: pointsSaleAbi, bytecode: pointsSaleBytecode, args }), 'ZeroAddress')
    }
  })
})

describe('listing', () => {
  it('listItem stores the item and emits ItemListed', async () => {
    const { sale } = suite
    const id = (await sale.read.itemCount()) + 1n
    const receipt = await chain.mined(
      sale.write.listItem([a.brand.address, 3n * ONE, 5n, false], { account: a.operator }),
    )
    expect(parseEventLogs({ abi: pointsSaleAbi, logs: receipt.logs, eventName: 'ItemListed' })[0]?.args).toEqual({
      itemId: id,
      seller: getAddress(a.brand.address),
      price: 3n * ONE,
      stock: 5n,
      active: false,
    })
    expect(await sale.read.item([id])).toEqual({
      seller: getAddress(a.brand.address),
      active: false,
      price: 3n * ONE,
      stock: 5n,
      sold: 0n,
    })
    expect(await sale.read.itemCount()).toBe(id)
  })

  it('setItemActive / setItemPrice / setItemStock emit ItemUpdated with the full state', async () => {
    const { sale } = suite
    const id = await list({ price: 1n, stock: 1n, active: false })
    const updates = [
      [() => sale.write.setItemActive([id, true], { account: a.operator }), { price: 1n, stock: 1n, active: true }],
      [() => sale.write.setItemPrice([id, 2n], { account: a.operator }), { price: 2n, stock: 1n, active: true }],
      [() => sale.write.setItemStock([id, 9n], { account: a.operator }), { price: 2n, stock: 9n, active: true }],
    ] as const
    for (const [send, expected] of updates) {
      const receipt = await chain.mined(send())
      expect(parseEventLogs({ abi: pointsSaleAbi, logs: receipt.logs, eventName: 'ItemUpdated' })[0]?.args).toEqual({
        itemId: id,
        ...expected,
      })
    }
    expect(await sale.read.item([id])).toMatchObject({ active: true, price: 2n, stock: 9n })
  })

  it('listItem reverts ZeroAddress for a zero seller', async () => {
    await expectRevert(suite.sale.write.listItem([zeroAddress, 1n, 1n, true], { account: a.operator }), 'ZeroAddress')
  })

  it('operator functions revert AccessControlUnauthorizedAccount for others', async () => {
    const { sale } = suite
    const id = await list()
    const calls = [
      (account: typeof a.mallory) => sale.write.listItem([a.brand.address, 1n, 1n, true], { account }),
      (account: typeof a.mallory) => sale.write.setItemActive([id, false], { account }),
      (account: typeof a.mallory) => sale.write.setItemPrice([id, 1n], { account }),
      (account: typeof a.mallory) => sale.write.setItemStock([id, 1n], { account }),
    ]
    for (const call of calls) {
      for (const account of [a.mallory, a.relayer]) {
        await expectRevert(call(account), 'AccessControlUnauthorizedAccount', [account.address, OPERATOR_ROLE])
      }
    }
  })

  it('reverts ItemNotFound for unknown items', async () => {
    const { sale } = suite
    const unknown = (await sale.read.itemCount()) + 1n
    await expectRevert(sale.read.item([unknown]), 'ItemNotFound', [unknown])
    await expectRevert(sale.write.setItemActive([unknown, true], { account: a.operator }), 'ItemNotFound', [unknown])
    await expectRevert(sale.write.setItemPrice([unknown, 1n], { account: a.operator }), 'ItemNotFound', [unknown])
    await expectRevert(sale.write.setItemStock([unknown, 1n], { account: a.operator }), 'ItemNotFound', [unknown])
    await expectRevert(sale.write.purchaseFor([a.alice.address, unknown, 1n], { account: a.relayer }), 'ItemNotFound', [
      unknown,
    ])
  })
})

describe('purchaseFor', () => {
  it('permit + purchaseFor: pays price * quantity to the seller, decrements stock, emits ItemPurchased', async () => {
    const { sale, token } = suite
    const id = await list({ price: 4n * ONE, stock: 10n })
    const total = 12n * ONE
    const deadline = (await chain.publicClient.getBlock()).timestamp + 600n
    const sig = await signPermit({
      chain,
      token: { address: token.address, name: TOKEN_NAME },
      owner: a.alice,
      spender: sale.address,
      value: total,
      deadline,
      nonce: await token.read.nonces([a.alice.address]),
    })
    await chain.mined(
      token.write.permit([a.alice.address, sale.address, total, deadline, sig.v, sig.r, sig.s], { account: a.relayer }),
    )
    const aliceBefore = await token.read.balanceOf([a.alice.address])
    const brandBefore = await token.read.balanceOf([a.brand.address])
    const { result: purchaseId } = await sale.simulate.purchaseFor([a.alice.address, id, 3n], { account: a.relayer })
    const receipt = await chain.mined(sale.write.purchaseFor([a.alice.address, id, 3n], { account: a.relayer }))
    expect(parseEventLogs({ abi: pointsSaleAbi, logs: receipt.logs, eventName: 'ItemPurchased' })[0]?.args).toEqual({
      purchaseId,
      itemId: id,
      buyer: getAddress(a.alice.address),
      seller: getAddress(a.brand.address),
      quantity: 3n,
      totalPrice: total,
    })
    expect(await sale.read.purchaseCount()).toBe(purchaseId)
    expect(await token.read.balanceOf([a.alice.address])).toBe(aliceBefore - total)
    expect(await token.read.balanceOf([a.brand.address])).toBe(brandBefore + total)
    expect(await sale.read.item([id])).toMatchObject({ stock: 7n, sold: 3n })
  })

  it('free items need no allowance', async () => {
    const id = await list({ price: 0n, stock: 1n })
    const receipt = await chain.mined(suite.sale.write.purchaseFor([a.bob.address, id, 1n], { account: a.relayer }))
    expect(
      parseEventLogs({ abi: pointsSaleAbi, logs: receipt.logs, eventName: 'ItemPurchased' })[0]?.args.totalPrice,
    ).toBe(0n)
  })

  it('reverts ItemInactive for an inactive item', async () => {
    const id = await list({ active: false })
    await expectRevert(
      suite.sale.write.purchaseFor([a.alice.address, id, 1n], { account: a.relayer }),
      'ItemInactive',
      [id],
    )
  })

  it('reverts InsufficientStock(itemId, requested, available)', async () => {
    const id = await list({ price: 0n, stock: 2n })
    await expectRevert(
      suite.sale.write.purchaseFor([a.alice.address, id, 3n], { account: a.relayer }),
      'InsufficientStock',
      [id, 3n, 2n],
    )
    await chain.mined(suite.sale.write.purchaseFor([a.alice.address, id, 2n], { account: a.relayer }))
    await expectRevert(
      suite.sale.write.purchaseFor([a.alice.address, id, 1n], { account: a.relayer }),
      'InsufficientStock',
      [id, 1n, 0n],
    )
  })

  it('reverts ZeroQuantity for quantity 0', async () => {
    const id = await list()
    await expectRevert(suite.sale.write.purchaseFor([a.alice.address, id, 0n], { account: a.relayer }), 'ZeroQuantity')
  })

  it('reverts ERC20InsufficientAllowance without allowance', async () => {
    const id = await list({ price: 5n })
    await expectRevert(
      suite.sale.write.purchaseFor([a.bob.address, id, 2n], { account: a.relayer }),
      'ERC20InsufficientAllowance',
      [suite.sale.address, 0n, 10n],
    )
  })

  it('panics when price * quantity overflows', async () => {
    const id = await list({ price: 2n ** 255n, stock: 5n })
    await expectRevert(suite.sale.write.purchaseFor([a.bob.address, id, 2n], { account: a.relayer }), 'Panic', [0x11n])
  })

  it('reverts AccessControlUnauthorizedAccount without RELAYER_ROLE', async () => {
    const id = await list()
    for (const account of [a.alice, a.operator, a.admin]) {
      await expectRevert(
        suite.sale.write.purchaseFor([a.alice.address, id, 1n], { account }),
        'AccessControlUnauthorizedAccount',
        [account.address, RELAYER_ROLE],
      )
    }
  })
})
