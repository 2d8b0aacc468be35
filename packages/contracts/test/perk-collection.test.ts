import { getAddress, maxUint256, parseEventLogs, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_ADMIN_ROLE,
  OPERATOR_ROLE,
  perkCollectionAbi,
  perkCollectionBytecode,
  RELAYER_ROLE,
} from '../src/index.js'
import { expectRevert, signPermit, startChain, type TestChain } from './edr.js'
import { actors, deploySuite, fund, ONE, type Suite, TOKEN_NAME } from './fixtures.js'

let chain: TestChain
let suite: Suite
let a: ReturnType<typeof actors>

beforeAll(async () => {
  chain = await startChain()
  a = actors(chain)
  suite = await deploySuite(chain)
  await fund(chain, suite.token, [a.alice.address, a.bob.address], 1_000n * ONE)
})
afterAll(async () => {
  await chain?.close()
})

/** Creates a collection as the operator and returns its id. */
async function create(
  opts: {
    price?: bigint
    maxSupply?: bigint
    maxPerUser?: bigint
    charges?: number
    active?: boolean
    name?: string
  } = {},
) {
  const { perks } = suite
  const args = [
    a.brand.address,
    opts.name ?? 'Free coffee',
    opts.price ?? 10n * ONE,
    opts.maxSupply ?? 0n,
    opts.maxPerUser ?? 0n,
    opts.charges ?? 3,
    opts.active ?? true,
  ] as const
  const { result } = await perks.simulate.createCollection(args, { account: a.operator })
  await chain.mined(perks.write.createCollection(args, { account: a.operator }))
  return result
}

async function approve(owner: typeof a.alice, amount: bigint) {
  await chain.mined(suite.token.write.approve([suite.perks.address, amount], { account: owner }))
}

describe('PerkCollection setup', () => {
  it('stores the points token, name, symbol and admin', async () => {
    const { perks, token } = suite
    expect(await perks.read.points()).toBe(getAddress(token.address))
    expect(await perks.read.name()).toBe('LoyaltyKit Perks')
    expect(await perks.read.symbol()).toBe('PERK')
    expect(await perks.read.hasRole([DEFAULT_ADMIN_ROLE, a.admin.address])).toBe(true)
    expect(await perks.read.OPERATOR_ROLE()).toBe(OPERATOR_ROLE)
    expect(await perks.read.RELAYER_ROLE()).toBe(RELAYER_ROLE)
    // ERC-165, ERC-721, ERC-721 metadata, IAccessControl
    for (const id of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f', '0x7965db0b'] as const) {
      expect(await perks.read.supportsInterface([id])).toBe(true)
    }
    expect(await perks.read.supportsInterface(['0xffffffff'])).toBe(false)
  })

  it('constructor rejects zero addresses', async () => {
    for (const args of [
      ['P', 'P', zeroAddress, a.admin.address],
      ['P', 'P', suite.token.address, zeroAddress],
    ] as const) {
      await expectRevert(
        chain.deploy({ abi: perkCollectionAbi, bytecode: perkCollectionBytecode, args }),
        'ZeroAddress',
      )
    }
  })
})

describe('collections', () => {
  it('createCollection stores the collection and emits CollectionCreated', async () => {
    const { perks } = suite
    const before = await perks.read.collectionCount()
    const args = [a.brand.address, 'Cinema ticket', 25n * ONE, 100n, 2n, 1, false] as const
    const receipt = await chain.mined(perks.write.createCollection(args, { account: a.operator }))
    const id = before + 1n
    expect(await perks.read.collectionCount()).toBe(id)
    const [ev] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'CollectionCreated' })
    expect(ev?.args).toEqual({
      collectionId: id,
      brand: getAddress(a.brand.address),
      name: 'Cinema ticket',
      price: 25n * ONE,
      maxSupply: 100n,
      maxPerUser: 2n,
      chargesPerToken: 1,
      active: false,
    })
    expect(await perks.read.collection([id])).toEqual({
      brand: getAddress(a.brand.address),
      active: false,
      chargesPerToken: 1,
      price: 25n * ONE,
      maxSupply: 100n,
      maxPerUser: 2n,
      claimed: 0n,
      name: 'Cinema ticket',
    })
    expect(await perks.read.totalClaimed([id])).toBe(0n)
  })

  it('createCollection reverts ZeroAddress for a zero brand and without OPERATOR_ROLE', async () => {
    const { perks } = suite
    await expectRevert(
      perks.write.createCollection([zeroAddress, 'x', 1n, 0n, 0n, 1, true], { account: a.operator }),
      'ZeroAddress',
    )
    for (const account of [a.admin, a.relayer, a.mallory]) {
      await expectRevert(
        perks.write.createCollection([a.brand.address, 'x', 1n, 0n, 0n, 1, true], { account }),
        'AccessControlUnauthorizedAccount',
        [account.address, OPERATOR_ROLE],
      )
    }
  })

  it('setActive / setPrice update the collection, emit events and are operator-only', async () => {
    const { perks } = suite
    const id = await create({ active: false, price: 5n })
    const r1 = await chain.mined(perks.write.setActive([id, true], { account: a.operator }))
    expect(
      parseEventLogs({ abi: perkCollectionAbi, logs: r1.logs, eventName: 'CollectionActiveSet' })[0]?.args,
    ).toEqual({ collectionId: id, active: true })
    const r2 = await chain.mined(perks.write.setPrice([id, 6n], { account: a.operator }))
    expect(parseEventLogs({ abi: perkCollectionAbi, logs: r2.logs, eventName: 'CollectionPriceSet' })[0]?.args).toEqual(
      {
        collectionId: id,
        price: 6n,
      },
    )
    const c = await perks.read.collection([id])
    expect(c.active).toBe(true)
    expect(c.price).toBe(6n)
    await expectRevert(perks.write.setActive([id, false], { account: a.mallory }), 'AccessControlUnauthorizedAccount', [
      a.mallory.address,
      OPERATOR_ROLE,
    ])
    await expectRevert(perks.write.setPrice([id, 1n], { account: a.relayer }), 'AccessControlUnauthorizedAccount', [
      a.relayer.address,
      OPERATOR_ROLE,
    ])
  })

  it('reverts CollectionNotFound for unknown ids', async () => {
    const { perks } = suite
    const unknown = (await perks.read.collectionCount()) + 1n
    await expectRevert(perks.read.collection([unknown]), 'CollectionNotFound', [unknown])
    await expectRevert(perks.read.collection([0n]), 'CollectionNotFound', [0n])
    await expectRevert(perks.read.totalClaimed([unknown]), 'CollectionNotFound', [unknown])
    await expectRevert(perks.write.setActive([unknown, true], { account: a.operator }), 'CollectionNotFound', [unknown])
    await expectRevert(perks.write.setPrice([unknown, 1n], { account: a.operator }), 'CollectionNotFound', [unknown])
    await expectRevert(perks.write.claimFor([a.alice.address, unknown], { account: a.relayer }), 'CollectionNotFound', [
      unknown,
    ])
    expect(await perks.read.claimsOf([unknown, a.alice.address])).toBe(0n)
  })
})

describe('claimFor', () => {
  it('permit + claimFor from the relayer: pays the brand, mints the perk, records token info', async () => {
    const { perks, token } = suite
    const price = 10n * ONE
    const id = await create({ price, charges: 3 })
    const block = await chain.publicClient.getBlock()
    const deadline = block.timestamp + 600n
    const sig = await signPermit({
      chain,
      token: { address: token.address, name: TOKEN_NAME },
      owner: a.alice,
      spender: perks.address,
      value: price,
      deadline,
      nonce: await token.read.nonces([a.alice.address]),
    })
    const aliceBefore = await token.read.balanceOf([a.alice.address])
    const brandBefore = await token.read.balanceOf([a.brand.address])
    // the relayer pays gas for both transactions; alice only signed
    const relayerEthBefore = await chain.publicClient.getBalance({ address: a.relayer.address })
    const aliceEthBefore = await chain.publicClient.getBalance({ address: a.alice.address })
    await chain.mined(
      token.write.permit([a.alice.address, perks.address, price, deadline, sig.v, sig.r, sig.s], {
        account: a.relayer,
      }),
    )
    expect(await token.read.allowance([a.alice.address, perks.address])).toBe(price)
    const { result: tokenId } = await perks.simulate.claimFor([a.alice.address, id], { account: a.relayer })
    const receipt = await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    const claimBlock = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber })

    const [claimed] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'PerkClaimed' })
    expect(claimed?.args).toEqual({ collectionId: id, user: getAddress(a.alice.address), tokenId, price })
    const [nft] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'Transfer' })
    expect(nft?.args).toEqual({ from: zeroAddress, to: getAddress(a.alice.address), tokenId })
    const [paid] = parseEventLogs({ abi: token.abi, logs: receipt.logs, eventName: 'Transfer' }).filter(
      (l) => getAddress(l.address) === getAddress(token.address),
    )
    expect(paid?.args).toEqual({ from: getAddress(a.alice.address), to: getAddress(a.brand.address), value: price })

    expect(await perks.read.ownerOf([tokenId])).toBe(getAddress(a.alice.address))
    expect(await perks.read.balanceOf([a.alice.address])).toBeGreaterThanOrEqual(1n)
    expect(await token.read.balanceOf([a.alice.address])).toBe(aliceBefore - price)
    expect(await token.read.balanceOf([a.brand.address])).toBe(brandBefore + price)
    expect(await token.read.allowance([a.alice.address, perks.address])).toBe(0n)
    expect(await perks.read.tokenInfo([tokenId])).toEqual({
      collectionId: id,
      chargesRemaining: 3,
      chargesTotal: 3,
      claimedAt: claimBlock.timestamp,
    })
    expect(await perks.read.claimsOf([id, a.alice.address])).toBe(1n)
    expect(await perks.read.totalClaimed([id])).toBe(1n)
    expect((await perks.read.collection([id])).claimed).toBe(1n)
    expect(await perks.read.tokenCount()).toBe(tokenId)
    expect(await chain.publicClient.getBalance({ address: a.alice.address })).toBe(aliceEthBefore)
    expect(await chain.publicClient.getBalance({ address: a.relayer.address })).toBeLessThan(relayerEthBefore)
  })

  it('claims of a free collection need no allowance', async () => {
    const { perks, token } = suite
    const id = await create({ price: 0n, charges: 0 })
    const before = await token.read.balanceOf([a.bob.address])
    const receipt = await chain.mined(perks.write.claimFor([a.bob.address, id], { account: a.relayer }))
    const [ev] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'PerkClaimed' })
    expect(ev?.args.price).toBe(0n)
    expect(await token.read.balanceOf([a.bob.address])).toBe(before)
  })

  it('reverts CollectionInactive for an inactive collection', async () => {
    const id = await create({ active: false })
    await expectRevert(
      suite.perks.write.claimFor([a.alice.address, id], { account: a.relayer }),
      'CollectionInactive',
      [id],
    )
  })

  it('reverts SoldOut once maxSupply perks were claimed', async () => {
    const { perks } = suite
    const id = await create({ price: 1n, maxSupply: 2n })
    await approve(a.alice, maxUint256)
    await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    await expectRevert(perks.write.claimFor([a.alice.address, id], { account: a.relayer }), 'SoldOut', [id])
    expect(await perks.read.totalClaimed([id])).toBe(2n)
    await approve(a.alice, 0n)
  })

  it('reverts MaxPerUserReached(user, collectionId, claimed, max) at the per-user limit', async () => {
    const { perks } = suite
    const id = await create({ price: 1n, maxPerUser: 1n })
    await approve(a.alice, 1n)
    await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    await approve(a.alice, 1n)
    await expectRevert(perks.write.claimFor([a.alice.address, id], { account: a.relayer }), 'MaxPerUserReached', [
      a.alice.address,
      id,
      1n,
      1n,
    ])
    // the limit is per user: bob can still claim
    await approve(a.bob, 1n)
    await chain.mined(perks.write.claimFor([a.bob.address, id], { account: a.relayer }))
    expect(await perks.read.claimsOf([id, a.bob.address])).toBe(1n)
    await approve(a.alice, 0n)
  })

  it('reverts ERC20InsufficientAllowance without a permit/approval', async () => {
    const id = await create({ price: 10n })
    await expectRevert(
      suite.perks.write.claimFor([a.alice.address, id], { account: a.relayer }),
      'ERC20InsufficientAllowance',
      [suite.perks.address, 0n, 10n],
    )
  })

  it('reverts ERC20InsufficientBalance when the user lacks points', async () => {
    const id = await create({ price: 10_000n * ONE })
    await approve(a.alice, maxUint256)
    const balance = await suite.token.read.balanceOf([a.alice.address])
    await expectRevert(
      suite.perks.write.claimFor([a.alice.address, id], { account: a.relayer }),
      'ERC20InsufficientBalance',
      [a.alice.address, balance, 10_000n * ONE],
    )
    await approve(a.alice, 0n)
  })

  it('reverts ERC721InvalidReceiver for the zero user', async () => {
    const id = await create({ price: 0n })
    await expectRevert(suite.perks.write.claimFor([zeroAddress, id], { account: a.relayer }), 'ERC721InvalidReceiver', [
      zeroAddress,
    ])
  })

  it('reverts AccessControlUnauthorizedAccount without RELAYER_ROLE', async () => {
    const id = await create({ price: 0n })
    for (const account of [a.admin, a.operator, a.alice]) {
      await expectRevert(
        suite.perks.write.claimFor([a.alice.address, id], { account }),
        'AccessControlUnauthorizedAccount',
        [account.address, RELAYER_ROLE],
      )
    }
  })
})

describe('charges', () => {
  async function claimFree(charges: number) {
    const { perks } = suite
    const id = await create({ price: 0n, charges })
    const { result } = await perks.simulate.claimFor([a.alice.address, id], { account: a.relayer })
    await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    return { id, tokenId: result }
  }

  it('useCharges decrements the remaining charges and emits ChargesUsed', async () => {
    const { perks } = suite
    const { id, tokenId } = await claimFree(5)
    const { result } = await perks.simulate.useCharges([tokenId, 2], { account: a.operator })
    expect(result).toBe(3)
    const receipt = await chain.mined(perks.write.useCharges([tokenId, 2], { account: a.operator }))
    const [ev] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'ChargesUsed' })
    expect(ev?.args).toEqual({ tokenId, collectionId: id, used: 2, remaining: 3 })
    expect((await perks.read.tokenInfo([tokenId])).chargesRemaining).toBe(3)
    await expectRevert(perks.write.useCharges([tokenId, 4], { account: a.operator }), 'InsufficientCharges', [
      tokenId,
      4,
      3,
    ])
    await chain.mined(perks.write.useCharges([tokenId, 3], { account: a.operator }))
    const info = await perks.read.tokenInfo([tokenId])
    expect(info.chargesRemaining).toBe(0)
    expect(info.chargesTotal).toBe(5)
    await expectRevert(perks.write.useCharges([tokenId, 1], { account: a.operator }), 'NoChargesLeft', [tokenId])
  })

  it('a perk without charges reverts NoChargesLeft', async () => {
    const { tokenId } = await claimFree(0)
    await expectRevert(suite.perks.write.useCharges([tokenId, 1], { account: a.operator }), 'NoChargesLeft', [tokenId])
  })

  it('reverts ZeroCharges when using 0 charges', async () => {
    const { tokenId } = await claimFree(2)
    await expectRevert(suite.perks.write.useCharges([tokenId, 0], { account: a.operator }), 'ZeroCharges')
  })

  it('reverts ERC721NonexistentToken for unknown tokens (useCharges and tokenInfo)', async () => {
    const unknown = (await suite.perks.read.tokenCount()) + 1n
    await expectRevert(suite.perks.write.useCharges([unknown, 1], { account: a.operator }), 'ERC721NonexistentToken', [
      unknown,
    ])
    await expectRevert(suite.perks.read.tokenInfo([unknown]), 'ERC721NonexistentToken', [unknown])
  })

  it('useCharges is operator-only', async () => {
    const { tokenId } = await claimFree(2)
    for (const account of [a.alice, a.relayer, a.admin]) {
      await expectRevert(suite.perks.write.useCharges([tokenId, 1], { account }), 'AccessControlUnauthorizedAccount', [
        account.address,
        OPERATOR_ROLE,
      ])
    }
  })

  it('perks stay transferable; claimsOf counts claims, not holdings', async () => {
    const { perks } = suite
    const { id, tokenId } = await claimFree(1)
    await chain.mined(perks.write.transferFrom([a.alice.address, a.bob.address, tokenId], { account: a.alice }))
    expect(await perks.read.ownerOf([tokenId])).toBe(getAddress(a.bob.address))
    expect(await perks.read.claimsOf([id, a.alice.address])).toBe(1n)
    expect(await perks.read.claimsOf([id, a.bob.address])).toBe(0n)
  })
})

describe('token URI', () => {
  it('is empty until the admin sets a base URI, then baseURI + tokenId', async () => {
    const { perks } = suite
    const tokenId = await perks.read.tokenCount()
    expect(await perks.read.tokenURI([tokenId])).toBe('')
    const receipt = await chain.mined(perks.write.setBaseURI(['https://perks.example/meta/']))
    expect(parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'BaseURISet' })[0]?.args).toEqual({
      baseURI: 'https://perks.example/meta/',
    })
    expect(await perks.read.tokenURI([tokenId])).toBe(`https://perks.example/meta/${tokenId}`)
    await expectRevert(perks.write.setBaseURI(['x'], { account: a.operator }), 'AccessControlUnauthorizedAccount', [
      a.operator.address,
      DEFAULT_ADMIN_ROLE,
    ])
  })
})
